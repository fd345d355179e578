import { pointerToken } from '../internal/json-pointer.js';
import {
  InvalidBody,
  ParseError,
  PayloadTooLarge,
  UnsupportedMediaType,
  type APIException,
} from '../errors.js';
import { parseMediaType } from '../http/media-type.js';
import type { BodyBytes } from '../http/read-body.js';
import { gettextLazy } from '../i18n/index.js';

/**
 * How deep a request body may nest arrays and objects. Validators and migrations walk a body recursively; a body
 * nested tens of thousands deep would overflow the stack in a schema that recurses, so it is refused first.
 */
export const maxBodyDepth = 512;

/**
 * The 415 of a request whose `Content-Type` is not JSON (`application/json` or `application/<x>+json`, UTF-8 if it
 * names a charset), or `null`. A request that sends none is refused too: the route's body is JSON.
 */
export function mediaTypeProblem(contentType: string | null | undefined): UnsupportedMediaType | null {
  // What nearly every client sends, answered without parsing it.
  if (contentType === 'application/json' || contentType === 'application/json; charset=utf-8') return null;
  const sent = contentType ?? '';
  const { type, subtype, params } = parseMediaType(sent);
  const json = type === 'application' && (subtype === 'json' || subtype.endsWith('+json'));
  const charset = params.get('charset')?.toLowerCase();
  if (json && (charset === undefined || charset === 'utf-8' || charset === 'utf8')) return null;
  return new UnsupportedMediaType(sent.trim());
}

/**
 * The 415 of a body sent with a `Content-Encoding` other than `identity` (bodies are read as they arrive: a gzip body
 * is not JSON text), or `null`.
 */
export function encodingProblem(contentEncoding: string | null | undefined): UnsupportedMediaType | null {
  if (contentEncoding == null) return null;
  const codings = contentEncoding.split(',').map((coding) => coding.trim().toLowerCase());
  return codings.every((coding) => coding === 'identity' || coding === '')
    ? null
    : new UnsupportedMediaType(`Content-Encoding: ${contentEncoding.trim()}`);
}

/** DRF's `JSON parse error - <reason>`. */
function jsonParseError(reason: string): ParseError {
  return new ParseError(gettextLazy('JSON parse error - %(detail)s', { detail: reason }));
}

/** A place in a body being checked: its value, and how it was reached (for the pointer of a problem there). */
/** The key of `object` at `key` that would reach an object's prototype: why it is refused, or `null`. */
function prototypeKey(object: Record<string, unknown>, key: string): string | null {
  if (key === '__proto__') return 'must not be "__proto__"';
  if (key !== 'constructor') return null;
  const held = object[key];
  return typeof held === 'object' && held !== null && Object.hasOwn(held, 'prototype')
    ? 'must not be "constructor" holding "prototype"'
    : null;
}

/** What a walk found: nesting too deep, or a refused key (the path to it, innermost first), or nothing. */
type Found = 'deep' | { readonly path: (string | number)[]; readonly detail: string } | null;

/**
 * Walks `value` (an array or object `depth` deep) for {@link shapeProblem}. Recursive, allocating nothing on the way:
 * the path is built only on the way back from a refused key. Past {@link maxBodyDepth} (unguarded bodies only) it
 * goes on with {@link walkDeep}, whose stack is its own.
 */
function walk(value: object, depth: number, guardDepth: boolean): Found {
  if (depth > maxBodyDepth) return guardDepth ? 'deep' : walkDeep(value);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const child: unknown = value[index];
      if (typeof child !== 'object' || child === null) continue;
      const found = walk(child, depth + 1, guardDepth);
      if (found !== null) return found === 'deep' ? found : (found.path.push(index), found);
    }
    return null;
  }
  const object = value as Record<string, unknown>;
  // `for…in` rather than Object.keys(): no array made per object; what JSON.parse makes has only own keys.
  for (const key in object) {
    if (key === '__proto__' || key === 'constructor') {
      const detail = prototypeKey(object, key);
      if (detail !== null) return { path: [key], detail };
    }
    const child = object[key];
    if (typeof child !== 'object' || child === null) continue;
    const found = walk(child, depth + 1, guardDepth);
    if (found !== null) return found === 'deep' ? found : (found.path.push(key), found);
  }
  return null;
}

/** {@link walk} for what lies deeper than {@link maxBodyDepth} in a body whose depth is not guarded: a stack of its own. */
function walkDeep(root: object): Found {
  const stack: { readonly value: object; readonly path: readonly (string | number)[] }[] = [
    { value: root, path: [] },
  ];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    const object = place.value as Record<string, unknown>;
    const array = Array.isArray(object);
    for (const key of Object.keys(object)) {
      const detail = array ? null : prototypeKey(object, key);
      const path = [...place.path, array ? Number(key) : key];
      if (detail !== null) return { path: path.reverse(), detail };
      const child = object[key];
      if (typeof child === 'object' && child !== null) stack.push({ value: child, path });
    }
  }
  return null;
}

/**
 * What refuses a parsed body's shape, or `null`: an array or object deeper than {@link maxBodyDepth} (when
 * `guardDepth`), a `__proto__` key or a `constructor` key holding a `prototype` key at any depth (pointed at). One
 * pass over own enumerable values (what JSON.parse makes); it cannot overflow the stack.
 */
export function shapeProblem(value: unknown, guardDepth: boolean): APIException | null {
  if (typeof value !== 'object' || value === null) return null;
  const found = walk(value, 1, guardDepth);
  if (found === null) return null;
  if (found === 'deep') return jsonParseError(`nested more than ${maxBodyDepth} levels deep`);
  const pointer = found.path
    .reverse()
    .map((token) => `/${pointerToken(token)}`)
    .join('');
  return new InvalidBody([{ pointer, detail: found.detail }]);
}

/** Whether JSON text may hold a key {@link shapeProblem} refuses: then, and when depth is guarded, it is walked. */
function mayHoldPrototypeKey(text: string): boolean {
  return text.includes('__proto__') || text.includes('constructor') || text.includes('\\u');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A body read from the wire: parsed as UTF-8 JSON, its shape checked (see {@link shapeProblem}), or the problem
 * that refuses it. Never throws.
 */
export function parseBody(
  read: BodyBytes,
  limit: number,
  guardDepth = true,
): { readonly value: unknown } | APIException {
  if (read.kind === 'too-large') return new PayloadTooLarge(limit);
  if (read.kind === 'broken') return jsonParseError('the body ended before it was complete');
  let text: string;
  try {
    text = utf8.decode(read.bytes);
  } catch {
    return jsonParseError('the body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return jsonParseError(error instanceof Error ? error.message : String(error));
  }
  const checked = guardDepth || mayHoldPrototypeKey(text) ? shapeProblem(value, guardDepth) : null;
  return checked ?? { value };
}
