import { argumentError, describe, isPlainObject } from '../internal/arguments.js';
import type { OpenAPIOperation } from './operation.types.js';

const operationKeys = [
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'parameters',
  'requestBody',
  'responses',
  'deprecated',
  'security',
  'servers',
] as const;
const parameterLocations = ['query', 'header', 'path', 'cookie'];
const statusCode = /^(?:default|[1-5](?:[0-9]{2}|XX))$/;

/** `where.key` for an identifier key, `where["a b"]` otherwise, as errors name a member. */
function member(where: string, key: string | number): string {
  if (typeof key === 'number') return `${where}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${where}.${key}` : `${where}[${JSON.stringify(key)}]`;
}

/** A deep-frozen copy of `value` when it is JSON (plain objects, arrays, strings, finite numbers, booleans, null). */
function jsonCopy(where: string, value: unknown, seen: Set<object>): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'object' && (Array.isArray(value) || isPlainObject(value))) {
    if (seen.has(value)) throw argumentError(`${where} refers to itself; an OpenAPI document is a tree`);
    seen.add(value);
    const copy = Array.isArray(value)
      ? value.map((item: unknown, index) => jsonCopy(member(where, index), item, seen))
      : Object.fromEntries(
          Object.entries(value).map(([key, item]) => [key, jsonCopy(member(where, key), item, seen)]),
        );
    seen.delete(value);
    return Object.freeze(copy);
  }
  throw argumentError(
    `${where} must be JSON (object, array, string, finite number, boolean or null), got ${describe(value)}`,
  );
}

function fail(where: string, expected: string, value: unknown): never {
  throw argumentError(`${where} must be ${expected}, got ${describe(value)}`);
}

function checkType(type: 'string' | 'boolean'): (where: string, value: unknown) => void {
  return (where, value) => {
    if (typeof value !== type) fail(where, `a ${type}`, value);
  };
}

function checkRecord(where: string, value: unknown): Readonly<Record<string, unknown>> {
  return isPlainObject(value) ? value : fail(where, 'an object', value);
}

function checkString(where: string, value: unknown): void {
  if (typeof value !== 'string' || value === '') fail(where, 'a non-empty string', value);
}

function checkArray(where: string, value: unknown, check: (where: string, item: unknown) => void): void {
  if (!Array.isArray(value)) fail(where, 'an array', value);
  value.forEach((item: unknown, index) => {
    check(member(where, index), item);
  });
}

/** Refuses `$ref`: a generated document has no components of the user's to refer to. */
function checkInline(where: string, value: Readonly<Record<string, unknown>>): void {
  if (Object.hasOwn(value, '$ref')) {
    throw argumentError(`${where} is a $ref (${describe(value['$ref'])}); write the object inline`);
  }
}

function checkContent(where: string, value: unknown): void {
  for (const [mediaType, entry] of Object.entries(checkRecord(where, value))) {
    checkInline(member(where, mediaType), checkRecord(member(where, mediaType), entry));
  }
}

function checkParameter(where: string, value: unknown): void {
  const parameter = checkRecord(where, value);
  checkInline(where, parameter);
  checkString(`${where}.name`, parameter['name']);
  if (!parameterLocations.includes(parameter['in'] as string)) {
    fail(
      `${where}.in`,
      `one of ${parameterLocations.map((name) => `"${name}"`).join(', ')}`,
      parameter['in'],
    );
  }
  if (parameter['schema'] !== undefined && parameter['content'] !== undefined) {
    throw argumentError(`${where} has both schema and content; an OpenAPI parameter has one of them`);
  }
}

function checkResponses(where: string, value: unknown): void {
  for (const [code, entry] of Object.entries(checkRecord(where, value))) {
    const at = member(where, code);
    if (!statusCode.test(code)) {
      throw argumentError(
        `${where} has the key ${JSON.stringify(code)}, which is not a status code (200, 4XX) or "default"`,
      );
    }
    const response = checkRecord(at, entry);
    checkInline(at, response);
    if (typeof response['description'] !== 'string')
      fail(`${at}.description`, 'a string', response['description']);
    if (response['content'] !== undefined) checkContent(`${at}.content`, response['content']);
    if (response['headers'] !== undefined) checkRecord(`${at}.headers`, response['headers']);
  }
}

function checkServer(where: string, value: unknown): void {
  const server = checkRecord(where, value);
  checkString(`${where}.url`, server['url']);
}

/** The checks of each member of an Operation Object, by name. */
const checks: Readonly<Record<(typeof operationKeys)[number], (where: string, value: unknown) => void>> = {
  tags: (where, value) => {
    checkArray(where, value, checkString);
  },
  summary: checkType('string'),
  description: checkType('string'),
  externalDocs: (where, value) => {
    checkString(`${where}.url`, checkRecord(where, value)['url']);
  },
  operationId: checkString,
  parameters: (where, value) => {
    checkArray(where, value, checkParameter);
  },
  requestBody: (where, value) => {
    const body = checkRecord(where, value);
    checkInline(where, body);
    checkContent(`${where}.content`, body['content']);
  },
  responses: checkResponses,
  deprecated: checkType('boolean'),
  security: (where, value) => {
    checkArray(where, value, checkRecord);
  },
  servers: (where, value) => {
    checkArray(where, value, checkServer);
  },
};

/**
 * Checks the `openapi` option of `path()`: an object of Operation Object members (and `x-` extensions), JSON all
 * through. Returns a deep-frozen copy, so that a later change to the caller's object cannot change a document.
 * Throws a `TypeError` naming the member that is wrong.
 */
export function checkOperation(where: string, value: unknown): OpenAPIOperation {
  const operation = checkRecord(where, value);
  for (const [key, entry] of Object.entries(operation)) {
    const check = checks[key as keyof typeof checks] as ((where: string, value: unknown) => void) | undefined;
    if (check !== undefined && Object.hasOwn(checks, key)) check(member(where, key), entry);
    else if (!key.startsWith('x-')) {
      throw argumentError(
        `${where}: unknown member ${JSON.stringify(key)}; known: ${operationKeys.join(', ')} and x- extensions`,
      );
    }
  }
  return jsonCopy(where, operation, new Set()) as OpenAPIOperation;
}
