import { NotAcceptable } from '../errors.js';
import { describe } from '../urls/describe.js';

/** A parsed media type or media range: lower-cased `type` and `subtype`, parameters by lower-cased name. */
export interface MediaType {
  readonly type: string;
  readonly subtype: string;
  /** Parameter values unquoted and unescaped; a repeated name keeps its last value. */
  readonly params: ReadonlyMap<string, string>;
}

/**
 * Work done by the scanner and the matcher: one step per character looked at or comparison made. Tests read
 * it to show that parsing and negotiation grow linearly with the header; not part of the public API.
 */
export const workCounter = { steps: 0 };

// RFC 9110 §5.6.2 tchar, as a lookup table over ASCII.
const tchar = new Uint8Array(128);
for (const char of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
  tchar[char.charCodeAt(0)] = 1;
}
const isTchar = (code: number): boolean => code < 128 && tchar[code] === 1;
const isWhitespace = (code: number): boolean => code === 0x20 || code === 0x09;
// qdtext: HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text; code units above 0xFF are taken as obs-text.
const isQdtext = (code: number): boolean =>
  code === 0x09 || (code >= 0x20 && code !== 0x22 && code !== 0x5c && code !== 0x7f);
// quoted-pair: "\" ( HTAB / SP / VCHAR / obs-text )
const isEscapable = (code: number): boolean => code === 0x09 || (code >= 0x20 && code !== 0x7f);
// RFC 9110 §12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
const qvalue = /^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/;

const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** One media range of an `Accept` header (or one media type), with where its text lies in the input. */
interface ScannedRange {
  readonly type: string;
  readonly subtype: string;
  /** `null` when there are none (most ranges), which spares a `Map` per element. */
  readonly params: Map<string, string> | null;
  /** The weight; in a list `q` is taken out of `params` (a malformed `q` makes the element malformed). */
  readonly q: number;
  /** Start and end of the element's text, surrounding whitespace excluded. */
  readonly start: number;
  readonly end: number;
  /**
   * Start and end of each `q` parameter (from its `;`), flattened, cut out when the range is reported as
   * sent.
   */
  readonly weightSpans: readonly number[] | null;
}

interface ScanResult {
  readonly range: ScannedRange | null;
  /** Where the next element starts: after the comma that ended this one, or the end of the text. */
  readonly next: number;
}

/** The index of the first character at or after `from` that `accept` rejects. */
function skip(text: string, from: number, accept: (code: number) => boolean): number {
  let i = from;
  while (i < text.length && accept(text.charCodeAt(i))) i++;
  workCounter.steps += i - from + 1;
  return i;
}

/** Where a malformed element ends: in a list, after the next comma from `at`; else the end of the text. */
function malformed(text: string, at: number, inList: boolean): ScanResult {
  const comma = inList ? text.indexOf(',', at) : -1;
  const next = comma === -1 ? text.length : comma + 1;
  workCounter.steps += next - at + 1;
  return { range: null, next };
}

/**
 * The unescaped value of the quoted-string whose opening quote is at `open`, and the index after its closing
 * quote; `null` for an unterminated string (`end` is then the end of the text) or an invalid character (`end`
 * is its index).
 */
function scanQuoted(text: string, open: number): { readonly value: string | null; readonly end: number } {
  let value = '';
  let chunk = open + 1;
  for (let i = open + 1; i < text.length; i++) {
    workCounter.steps++;
    const code = text.charCodeAt(i);
    if (code === QUOTE) return { value: value + text.slice(chunk, i), end: i + 1 };
    if (code === BACKSLASH) {
      value += text.slice(chunk, i);
      i++;
      if (i === text.length) break;
      if (!isEscapable(text.charCodeAt(i))) return { value: null, end: i };
      chunk = i;
    } else if (!isQdtext(code)) {
      return { value: null, end: i };
    }
  }
  return { value: null, end: text.length };
}

/**
 * Scans one media range starting at `from`: `type "/" subtype *( OWS ";" OWS [ name "=" value ] )`, a value
 * being a token or a quoted-string with backslash escapes. Each character is looked at once: a malformed
 * element yields `null` and, in a list, the scan resumes after the next comma (an unterminated quoted-string
 * runs to the end).
 */
function scanRange(text: string, from: number, inList: boolean): ScanResult {
  const length = text.length;
  const start = skip(text, from, isWhitespace);
  let i = skip(text, start, isTchar);
  if (i === start || text.charCodeAt(i) !== SLASH) return malformed(text, i, inList);
  const type = text.slice(start, i).toLowerCase();
  const subtypeStart = i + 1;
  i = skip(text, subtypeStart, isTchar);
  if (i === subtypeStart) return malformed(text, i, inList);
  const subtype = text.slice(subtypeStart, i).toLowerCase();
  if (type === '*' && subtype !== '*') return malformed(text, i, inList);

  let end = i;
  let params: Map<string, string> | null = null;
  let q = 1;
  let weightSpans: number[] | null = null;
  for (;;) {
    i = skip(text, i, isWhitespace);
    const code = text.charCodeAt(i);
    if (i === length || (inList && code === COMMA)) {
      return { range: { type, subtype, params, q, start, end, weightSpans }, next: i === length ? i : i + 1 };
    }
    if (code !== SEMICOLON) return malformed(text, i, inList);
    const paramStart = i;
    i = skip(text, i + 1, isWhitespace);
    const next = text.charCodeAt(i);
    // An empty parameter (`;;`, a trailing `;`) is allowed by RFC 9110's grammar.
    if (i === length || next === SEMICOLON || (inList && next === COMMA)) continue;
    const nameStart = i;
    i = skip(text, i, isTchar);
    if (i === nameStart || text.charCodeAt(i) !== EQUALS) return malformed(text, i, inList);
    const name = text.slice(nameStart, i).toLowerCase();
    i++;
    let value: string;
    if (text.charCodeAt(i) === QUOTE) {
      const quoted = scanQuoted(text, i);
      if (quoted.value === null) return malformed(text, quoted.end, inList);
      value = quoted.value;
      i = quoted.end;
    } else {
      const valueStart = i;
      i = skip(text, i, isTchar);
      if (i === valueStart) return malformed(text, i, inList);
      value = text.slice(valueStart, i);
    }
    if (inList && name === 'q') {
      if (!qvalue.test(value)) return malformed(text, i, inList);
      q = Number(value);
      (weightSpans ??= []).push(paramStart, i);
    } else {
      (params ??= new Map()).set(name, value);
    }
    end = i;
  }
}

/**
 * Parses one media type such as `application/json; version="1.0"`: type and subtype lower-cased, parameter
 * names lower-cased, values unquoted. Never throws on malformed text: it returns empty `type` and `subtype`
 * instead.
 * @example parseMediaType('application/json; Version="1.0"').params.get('version') // '1.0'
 */
export function parseMediaType(text: string): MediaType {
  if (typeof text !== 'string') {
    throw new TypeError(`parseMediaType(text): expected a string, got ${describe(text)}`);
  }
  const { range } = scanRange(text, 0, false);
  if (range === null) return { type: '', subtype: '', params: new Map<string, string>() };
  return { type: range.type, subtype: range.subtype, params: range.params ?? new Map<string, string>() };
}

/** Every well-formed element of an `Accept` header, in order. */
function parseAccept(header: string): ScannedRange[] {
  const ranges: ScannedRange[] = [];
  let position = 0;
  while (position < header.length) {
    const { range, next } = scanRange(header, position, true);
    if (range !== null) ranges.push(range);
    position = next;
  }
  return ranges;
}

/** How much of the type a range names: 0 for the any-type range, 1 for `type/*`, 2 for `type/subtype`. */
function wildcardLevel(range: { readonly type: string; readonly subtype: string }): number {
  if (range.type === '*') return 0;
  return range.subtype === '*' ? 1 : 2;
}

interface ParsedRenderer {
  /** As given, trimmed. */
  readonly text: string;
  readonly type: string;
  readonly subtype: string;
  readonly params: ReadonlyMap<string, string>;
  readonly paramList: readonly (readonly [string, string])[];
}

// Fit scores pack three counts into one number; extra parameters beyond this many all count the same.
const FIELD = 2 ** 20;

/**
 * How well the client's `range` fits the renderer, or -1 when it does not cover it. Covering: type and
 * subtype equal or wildcards, and no parameter both carry differs. A range without a parameter covers a
 * renderer that has it (RFC 9110); a range with one the renderer lacks (`version=1.0`) covers it too, as a
 * request the renderer honours (DRF). Better fits name more: fewer wildcards, then more shared parameters,
 * then fewer extra ones, so an exact `text/plain` beats `text/plain;format=flowed` for a `text/plain`
 * renderer, as RFC 9110's example requires.
 */
function fitScore(range: ScannedRange, renderer: ParsedRenderer): number {
  if (range.type !== '*' && range.type !== renderer.type) return -1;
  if (range.subtype !== '*' && range.subtype !== renderer.subtype) return -1;
  let shared = 0;
  if (range.params !== null) {
    for (const [name, value] of renderer.paramList) {
      workCounter.steps++;
      const requested = range.params.get(name);
      if (requested === undefined) continue;
      if (requested !== value) return -1;
      shared++;
    }
  }
  const extra = Math.min((range.params?.size ?? 0) - shared, FIELD - 1);
  return (wildcardLevel(range) * FIELD + shared) * FIELD + (FIELD - 1 - extra);
}

/** DRF's precedence: the wildcard level, plus one for a concrete type that carries parameters. */
function precedence(level: number, paramCount: number): number {
  return level + (level === 2 && paramCount > 0 ? 1 : 0);
}

/** A parameter value as a token when it is one, else as a quoted-string. */
function serializeValue(value: string): string {
  let token = value.length > 0;
  for (let i = 0; token && i < value.length; i++) token = isTchar(value.charCodeAt(i));
  return token ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** The client's element as it was sent, minus its `q` parameters. */
function asSent(header: string, range: ScannedRange): string {
  let text = '';
  let from = range.start;
  const spans = range.weightSpans ?? [];
  for (let i = 0; i < spans.length; i += 2) {
    text += header.slice(from, spans[i]);
    from = spans[i + 1] ?? from;
  }
  return (text + header.slice(from, range.end)).trimEnd();
}

/**
 * Checks `renderers` (a non-empty array of concrete media types) and parses them; `where` names the caller.
 */
export function parseRenderers(where: string, renderers: unknown): readonly ParsedRenderer[] {
  if (!Array.isArray(renderers) || renderers.length === 0) {
    throw new TypeError(
      `${where}: renderers must be a non-empty array of media types such as ["application/json"], got ${describe(renderers)}`,
    );
  }
  return renderers.map((renderer: unknown, index): ParsedRenderer => {
    const parsed = typeof renderer === 'string' ? parseMediaType(renderer) : null;
    if (parsed === null || parsed.type === '' || wildcardLevel(parsed) < 2) {
      throw new TypeError(
        `${where}: renderers[${index}] must be a concrete media type such as "application/json", got ${describe(renderer)}`,
      );
    }
    return { ...parsed, text: (renderer as string).trim(), paramList: [...parsed.params] };
  });
}

const anything: ScannedRange = {
  type: '*',
  subtype: '*',
  params: null,
  q: 1,
  start: 0,
  end: 0,
  weightSpans: null,
};

/** Content negotiation over already parsed renderers; see {@link negotiate}. */
export function negotiateParsed(acceptHeader: string | null, renderers: readonly ParsedRenderer[]): string {
  const header = acceptHeader ?? '';
  const parsed = parseAccept(header);
  // No header, an empty one, or one with nothing well-formed in it: the client accepts anything (RFC 9110
  // §12.5.1).
  const ranges = parsed.length === 0 ? [anything] : parsed;

  let winner: ParsedRenderer | null = null;
  let winning: ScannedRange = anything;
  for (const renderer of renderers) {
    let best: ScannedRange | null = null;
    let bestScore = -1;
    for (const range of ranges) {
      workCounter.steps++;
      const score = fitScore(range, renderer);
      if (score > bestScore || (score === bestScore && best !== null && range.q > best.q)) {
        best = range;
        bestScore = score;
      }
    }
    // The best-fitting range decides: `*/*, application/json;q=0` excludes JSON even though `*/*` matches it.
    if (best !== null && best.q > 0 && (winner === null || best.q > winning.q)) {
      winner = renderer;
      winning = best;
    }
  }
  if (winner === null) throw new NotAcceptable();

  if (winning === anything) return winner.text;
  const rangePrecedence = precedence(wildcardLevel(winning), winning.params?.size ?? 0);
  if (rangePrecedence >= precedence(2, winner.params.size)) return asSent(header, winning);
  let accepted = winner.text;
  for (const [name, value] of winning.params ?? []) {
    workCounter.steps++;
    if (!winner.params.has(name)) accepted += `; ${name}=${serializeValue(value)}`;
  }
  return accepted;
}

/**
 * Picks the media type to respond with (RFC 9110 §12.5.1): the renderer whose best-fitting range has the
 * highest `q` (ties: the renderer listed first; `q=0` excludes). Returns the client's range as sent (without
 * `q`) when it is at least as specific as the renderer's type, else the renderer's type with the range's
 * parameters. Linear in the header's length; malformed elements are skipped. Throws `NotAcceptable` when
 * nothing fits.
 * @example
 * negotiate('application/*; version=1.2.3', ['application/json']); // 'application/json; version=1.2.3'
 */
export function negotiate(acceptHeader: string | null, renderers: readonly string[]): string {
  if (acceptHeader !== null && acceptHeader !== undefined && typeof acceptHeader !== 'string') {
    throw new TypeError(
      `negotiate(acceptHeader, renderers): acceptHeader must be a string or null, got ${describe(acceptHeader)}`,
    );
  }
  return negotiateParsed(
    acceptHeader ?? null,
    parseRenderers('negotiate(acceptHeader, renderers)', renderers),
  );
}
