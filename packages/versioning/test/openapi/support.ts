import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { NotAcceptable, NotFound } from '../../src/errors.js';
import { gettextLazy, type LazyString } from '../../src/i18n/index.js';
import type { OpenAPIDocument } from '../../src/openapi/index.js';
import { BaseVersioning, type VersioningOptions } from '../../src/schemes/base.js';
import type { VersioningRequest } from '../../src/types.js';

// Stand-ins for HeaderVersioning and MediaTypeVersioning (SPEC § More schemes), which another branch adds: they carry
// the public attributes `openapi()` recognises those schemes by. Once both branches are merged, these tests should
// use the real classes instead.

/** Reads the version from one request header, like the SPEC's `HeaderVersioning`. */
export class HeaderSchemeStandIn extends BaseVersioning {
  readonly header: string;
  invalidVersionMessage: LazyString;

  constructor({ header = 'Api-Version', ...options }: VersioningOptions & { header?: string } = {}) {
    super(options);
    this.header = header;
    this.invalidVersionMessage = gettextLazy(`Invalid version in "${header}" header.`);
  }

  override get varyHeaders(): readonly string[] {
    return [this.header];
  }

  override determineVersion(request: VersioningRequest): string | null {
    const version = request.headers.get(this.header) ?? this.defaultVersion;
    if (!this.isAllowedVersion(version)) throw new NotFound(this.invalidVersionMessage);
    return version;
  }
}

/** Reads the version from a vendor media type in `Accept`, like the SPEC's `MediaTypeVersioning`. */
export class MediaTypeSchemeStandIn extends BaseVersioning {
  readonly template: string;
  invalidVersionMessage: LazyString = gettextLazy('Invalid version in "Accept" header.');

  constructor({ template, ...options }: VersioningOptions & { template: string }) {
    super(options);
    this.template = template;
  }

  override get varyHeaders(): readonly string[] {
    return ['Accept'];
  }

  override determineVersion(request: VersioningRequest): string | null {
    const [before = '', after = ''] = this.template.split('{version}');
    const accept = request.headers.get('accept') ?? '';
    const found = accept
      .split(',')
      .map((range) => range.split(';')[0]?.trim() ?? '')
      .find(
        (type) =>
          type.startsWith(before) && type.endsWith(after) && type.length > before.length + after.length,
      );
    const version =
      found === undefined ? this.defaultVersion : found.slice(before.length, found.length - after.length);
    if (!this.isAllowedVersion(version)) throw new NotAcceptable(this.invalidVersionMessage);
    return version;
  }
}

const validator = new Validator();
const ajv = new Ajv2020({ strict: false });

/** Every Schema Object of a document: parameters', media types' and components' schemas. */
function* schemasOf(value: unknown, key = ''): Generator {
  if (typeof value !== 'object' || value === null) return;
  if (key === 'schema') {
    yield value;
    return;
  }
  if (key === 'schemas') {
    yield* Object.values(value);
    return;
  }
  for (const [name, child] of Object.entries(value))
    yield* schemasOf(child, Array.isArray(value) ? '' : name);
}

/** The names in braces of a path template. */
function templateNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? '');
}

/**
 * Asserts that `document` is a valid OpenAPI 3.1 document: the OpenAPI schema (a real validator, which also checks
 * its `$ref`s), each Schema Object against JSON Schema 2020-12, and what neither schema can say: every path
 * template's names are its path parameters and the other way round, operation ids are unique, and the document is
 * plain JSON.
 */
export async function expectValidDocument(document: OpenAPIDocument): Promise<void> {
  expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  const result = await validator.validate(structuredClone(document) as never);
  expect(result.errors ?? [], JSON.stringify(document)).toEqual([]);
  expect(result.valid).toBe(true);
  for (const schema of schemasOf(document)) {
    expect(ajv.validateSchema(schema as object), JSON.stringify(ajv.errors)).toBe(true);
  }
  const operationIds: string[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    expect(template).toMatch(/^\//);
    for (const operation of Object.values(item)) {
      const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(inPath.map((parameter) => parameter.name).sort(), template).toEqual(
        templateNames(template).sort(),
      );
      for (const parameter of inPath) expect(parameter.required).toBe(true);
      if (operation.operationId !== undefined) operationIds.push(operation.operationId);
    }
  }
  expect(new Set(operationIds).size).toBe(operationIds.length);
}
