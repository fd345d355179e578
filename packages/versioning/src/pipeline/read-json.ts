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
interface Place {
  readonly value: object;
  readonly depth: number;
  readonly parent: Place | null;
  readonly key: string;
}

function pointerOf(place: Place | null, key: string): string {
  const tokens = [pointerToken(key)];
  for (let at = place; at !== null && at.parent !== null; at = at.parent) tokens.push(pointerToken(at.key));
  return `/${tokens.reverse().join('/')}`;
}

/** The key at `key` of `object` that would reach an object's prototype, or `null` (`__proto__`, `constructor.prototype`). */
function prototypeKey(object: Record<string, unknown>, key: string): string | null {
  if (key === '__proto__') return 'must not be "__proto__"';
  if (key !== 'constructor') return null;
  const held = object[key];
  return typeof held === 'object' && held !== null && Object.hasOwn(held, 'prototype')
    ? 'must not be "constructor" holding "prototype"'
    : null;
}

/**
 * What refuses a parsed body's shape, or `null`: an array or object deeper than {@link maxBodyDepth} (when
 * `guardDepth`), a `__proto__` key or a `constructor` key holding a `prototype` key at any depth. One pass over
 * own enumerable values (what JSON.parse makes), with a stack of its own: it cannot overflow the stack it guards.
 */
export function shapeProblem(value: unknown, guardDepth: boolean): APIException | null {
  if (typeof value !== 'object' || value === null) return null;
  const stack: Place[] = [{ value, depth: 1, parent: null, key: '' }];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    if (guardDepth && place.depth > maxBodyDepth) {
      return jsonParseError(`nested more than ${maxBodyDepth} levels deep`);
    }
    const object = place.value as Record<string, unknown>;
    const keys = Array.isArray(object) ? null : Object.keys(object);
    const length = keys === null ? (object as unknown as unknown[]).length : keys.length;
    for (let index = 0; index < length; index += 1) {
      const key = keys === null ? String(index) : (keys[index] as string);
      if (keys !== null) {
        const refused = prototypeKey(object, key);
        if (refused !== null) return new InvalidBody([{ pointer: pointerOf(place, key), detail: refused }]);
      }
      const child = object[key];
      if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, depth: place.depth + 1, parent: place, key });
      }
    }
  }
  return null;
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
