import { NotAcceptable } from '../errors.js';
import { describe } from '../urls/describe.js';
import { BoundedCache } from './bounded-cache.js';

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
// qdtext: HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text; code units above 0xFF are taken as obs-text.
const isQdtext = (code: number): boolean =>
  code === 0x09 || (code >= 0x20 && code !== 0x22 && code !== 0x5c && code !== 0x7f);
// quoted-pair: "\" ( HTAB / SP / VCHAR / obs-text )
const isEscapable = (code: number): boolean => code === 0x09 || (code >= 0x20 && code !== 0x7f);

const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ASTERISK = 0x2a;
const DOT = 0x2e;
const ZERO = 0x30;
const ONE = 0x31;
const NINE = 0x39;
const LOWER_Q = 0x71;

/**
 * The character code at `index`, -1 past the end: `charCodeAt()` would give NaN there, at a cost (reading out of
 * bounds makes V8 leave its fast path).
 */
const codeAt = (text: string, index: number): number => (index < text.length ? text.charCodeAt(index) : -1);

/** ASCII lower-case of a character code: what `toLowerCase()` does to a token's characters. */
const lowerCase = (code: number): number => (code >= 0x41 && code <= 0x5a ? code + 0x20 : code);

/**
 * The weight written in `text` from `from` to `to`, or -1 when it is not a qvalue (RFC 9110 §12.4.2):
 * `( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`.
 */
function qvalueOf(text: string, from: number, to: number): number {
  const length = to - from;
  if (length === 0 || length > 5) return -1;
  const units = text.charCodeAt(from);
  if (units !== ZERO && units !== ONE) return -1;
  if (length > 1 && text.charCodeAt(from + 1) !== DOT) return -1;
  let thousandths = 0;
  for (let i = from + 2; i < from + 5; i++) {
    const digit = i < to ? text.charCodeAt(i) : ZERO;
    if (digit < ZERO || digit > NINE || (units === ONE && digit !== ZERO)) return -1;
    thousandths = thousandths * 10 + digit - ZERO;
  }
  return units === ONE ? 1 : thousandths / 1000;
}

/**
 * Reads media ranges, `type "/" subtype *( OWS ";" OWS [ name "=" value ] )` with a value being a token or a
 * quoted-string with backslash escapes: one element of an `Accept` list after another, or one media type. Its
 * fields describe the element last scanned, as positions in the text kept in arrays it reuses, so that reading
 * an element allocates nothing: the strings are cut out only for what an answer needs. Each character is looked
 * at once: a malformed element is skipped and, in a list, the scan resumes after the next comma (an
 * unterminated quoted-string runs to the end).
 */
class RangeScanner {
  /** Where the next element starts: after the comma that ended the last one, or the end of the text. */
  position = 0;
  /** Start and end of the element's text, surrounding whitespace excluded. */
  start = 0;
  end = 0;
  /** Where the type ends and the subtype starts (the `/`), and where the subtype ends. */
  slash = 0;
  subtypeEnd = 0;
  /** 0 for the any-type range, 1 for `type/*`, 2 for `type/subtype`. */
  wildcardLevel = 2;
  /**
   * Whether the element's type and subtype were read: also true for an element whose parameters are malformed,
   * so that the caller can tell which renderers it names.
   */
  rangeRead = false;
  /** The weight; in a list `q` is not a parameter (a malformed `q` makes the element malformed). */
  q = 1;
  /** How many parameters the element has besides its weight, a repeated name counted each time. */
  paramCount = 0;
  /** How many `q` parameters the element has. */
  weightCount = 0;
  /** Name start, name end, value start and value end of each parameter, four numbers each. */
  readonly #paramSpans: number[] = [];
  /** The unescaped value of each parameter that is a quoted-string, `null` for a token. */
  readonly #quotedValues: (string | null)[] = [];
  /** Start (at its `;`) and end of each `q` parameter, cut out when the element is reported as sent. */
  readonly #weightSpans: number[] = [];
  /** {@link paramMap}'s result for the element, once asked for. */
  #params: Map<string, string> | null = null;
  /** The value of the quoted-string {@link #scanQuoted} read last, `null` when it was malformed. */
  #quoted: string | null = null;

  constructor(
    readonly text: string,
    readonly inList: boolean,
  ) {}

  get done(): boolean {
    return this.position >= this.text.length;
  }

  /** Reads the element at {@link position} and moves past it; `false` when it is malformed. */
  scan(): boolean {
    const { text, inList } = this;
    const length = text.length;
    this.rangeRead = false;
    const start = this.#skipWhitespace(this.position);
    let i = this.#skipTchars(start);
    if (i === start || codeAt(text, i) !== SLASH) return this.#malformed(i);
    const slash = i;
    i = this.#skipTchars(slash + 1);
    if (i === slash + 1) return this.#malformed(i);
    const anyType = slash - start === 1 && text.charCodeAt(start) === ASTERISK;
    const anySubtype = i - slash === 2 && text.charCodeAt(slash + 1) === ASTERISK;
    if (anyType && !anySubtype) return this.#malformed(i);
    this.wildcardLevel = anyType ? 0 : anySubtype ? 1 : 2;
    this.rangeRead = true;
    this.start = start;
    this.slash = slash;
    this.subtypeEnd = i;
    this.end = i;
    this.q = 1;
    this.paramCount = 0;
    this.weightCount = 0;
    this.#params = null;
    for (;;) {
      i = this.#skipWhitespace(i);
      const code = codeAt(text, i);
      if (i === length || (inList && code === COMMA)) {
        this.position = i === length ? i : i + 1;
        return true;
      }
      if (code !== SEMICOLON) return this.#malformed(i);
      const paramStart = i;
      i = this.#skipWhitespace(i + 1);
      const next = codeAt(text, i);
      // An empty parameter (`;;`, a trailing `;`) is allowed by RFC 9110's grammar.
      if (i === length || next === SEMICOLON || (inList && next === COMMA)) continue;
      const nameStart = i;
      i = this.#skipTchars(i);
      if (i === nameStart || codeAt(text, i) !== EQUALS) return this.#malformed(i);
      const nameEnd = i;
      i++;
      let value: string | null = null;
      const valueStart = i;
      if (codeAt(text, i) === QUOTE) {
        i = this.#scanQuoted(i);
        value = this.#quoted;
        if (value === null) return this.#malformed(i);
      } else {
        i = this.#skipTchars(i);
        if (i === valueStart) return this.#malformed(i);
      }
      if (inList && nameEnd - nameStart === 1 && lowerCase(text.charCodeAt(nameStart)) === LOWER_Q) {
        this.q = value === null ? qvalueOf(text, valueStart, i) : qvalueOf(value, 0, value.length);
        if (this.q === -1) return this.#malformed(i);
        this.#weightSpans[2 * this.weightCount] = paramStart;
        this.#weightSpans[2 * this.weightCount + 1] = i;
        this.weightCount++;
      } else {
        const at = 4 * this.paramCount;
        this.#paramSpans[at] = nameStart;
        this.#paramSpans[at + 1] = nameEnd;
        this.#paramSpans[at + 2] = valueStart;
        this.#paramSpans[at + 3] = i;
        this.#quotedValues[this.paramCount] = value;
        this.paramCount++;
      }
      this.end = i;
    }
  }

  /** The element's parameters by lower-cased name: a repeated name keeps its last value (and its first place). */
  paramMap(): ReadonlyMap<string, string> {
    if (this.#params !== null) return this.#params;
    const params = new Map<string, string>();
    const spans = this.#paramSpans;
    for (let index = 0; index < this.paramCount; index++) {
      const at = 4 * index;
      const name = this.text.slice(spans[at], spans[at + 1]).toLowerCase();
      params.set(name, this.#quotedValues[index] ?? this.text.slice(spans[at + 2], spans[at + 3]));
    }
    workCounter.steps += this.paramCount;
    this.#params = params;
    return params;
  }

  /** The element as it was sent, minus its `q` parameters. */
  asSent(): string {
    const spans = this.#weightSpans;
    let text = '';
    let from = this.start;
    for (let index = 0; index < 2 * this.weightCount; index += 2) {
      text += this.text.slice(from, spans[index]);
      from = spans[index + 1] ?? from;
    }
    return (text + this.text.slice(from, this.end)).trimEnd();
  }

  /** Whether the element's type is `type` (lower-cased), compared case-insensitively. */
  typeIs(type: string): boolean {
    return this.#equalsLowerCase(this.start, this.slash, type);
  }

  /** Whether the element's subtype is `subtype` (lower-cased), compared case-insensitively. */
  subtypeIs(subtype: string): boolean {
    return this.#equalsLowerCase(this.slash + 1, this.subtypeEnd, subtype);
  }

  #equalsLowerCase(from: number, to: number, lower: string): boolean {
    if (to - from !== lower.length) return false;
    const text = this.text;
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      const expected = lower.charCodeAt(i - from);
      if (code !== expected && lowerCase(code) !== expected) return false;
    }
    return true;
  }

  /** The index of the first character at or after `from` that is not a space or a tab. */
  #skipWhitespace(from: number): number {
    const text = this.text;
    let i = from;
    for (; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code !== 0x20 && code !== 0x09) break;
    }
    workCounter.steps += i - from + 1;
    return i;
  }

  /** The index of the first character at or after `from` that is not a tchar. */
  #skipTchars(from: number): number {
    const text = this.text;
    let i = from;
    for (; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 128 || tchar[code] === 0) break;
    }
    workCounter.steps += i - from + 1;
    return i;
  }

  /** Skips a malformed element from `at`: in a list, past the next comma; else to the end of the text. */
  #malformed(at: number): false {
    const comma = this.inList ? this.text.indexOf(',', at) : -1;
    this.position = comma === -1 ? this.text.length : comma + 1;
    workCounter.steps += this.position - at + 1;
    return false;
  }

  /**
   * Reads the quoted-string whose opening quote is at `open` into {@link #quoted}, unescaped, and returns the
   * index after its closing quote. For an unterminated string (`#quoted` is `null`) that is the end of the
   * text; for an invalid character, its index.
   */
  #scanQuoted(open: number): number {
    const text = this.text;
    let value = '';
    let chunk = open + 1;
    this.#quoted = null;
    for (let i = open + 1; i < text.length; i++) {
      workCounter.steps++;
      const code = text.charCodeAt(i);
      if (code === QUOTE) {
        this.#quoted = value + text.slice(chunk, i);
        return i + 1;
      }
      if (code === BACKSLASH) {
        value += text.slice(chunk, i);
        i++;
        if (i === text.length) break;
        if (!isEscapable(text.charCodeAt(i))) return i;
        chunk = i;
      } else if (!isQdtext(code)) {
        return i;
      }
    }
    return text.length;
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
  const scanner = new RangeScanner(text, false);
  if (!scanner.scan()) return { type: '', subtype: '', params: new Map<string, string>() };
  return {
    type: text.slice(scanner.start, scanner.slash).toLowerCase(),
    subtype: text.slice(scanner.slash + 1, scanner.subtypeEnd).toLowerCase(),
    params: scanner.paramMap(),
  };
}

interface ParsedRenderer {
  /** As given, trimmed. */
  readonly text: string;
  readonly type: string;
  readonly subtype: string;
  readonly params: ReadonlyMap<string, string>;
  readonly paramList: readonly (readonly [string, string])[];
}

/**
 * The element of an `Accept` header that fits a renderer best so far, as far as choosing the winner needs it;
 * the winning element is read again for its parameters or its text without `q`.
 */
interface Fit {
  /** {@link fitScore}: how well the range fits, its q included; the higher the better. */
  readonly score: number;
  readonly q: number;
  readonly wildcardLevel: number;
  readonly hasParams: boolean;
  readonly weighted: boolean;
  readonly start: number;
  readonly end: number;
}

// Fit scores pack four numbers into one: wildcard level, shared parameters, q in thousandths, other parameters.
// Counts beyond FIELD - 1 all count the same.
const FIELD = 2 ** 16;
const Q_FIELD = 1001;

/**
 * Whether the type and subtype of the range just scanned (or of an element whose parameters are malformed) are
 * the renderer's, or wildcards covering them.
 */
function namesRenderer(range: RangeScanner, renderer: ParsedRenderer): boolean {
  const level = range.wildcardLevel;
  return (level === 0 || range.typeIs(renderer.type)) && (level < 2 || range.subtypeIs(renderer.subtype));
}

/**
 * How well the range just scanned fits the renderer, or -1 when it does not cover it. Covering: type and
 * subtype equal or wildcards, and no parameter both carry differs. A range without a parameter covers a
 * renderer that has it (RFC 9110); a range with one the renderer lacks (`version=1.0`) covers it too, as a
 * request the renderer honours (DRF). Better fits name more of the renderer (fewer wildcards, then more shared
 * parameters), then have the higher q, then name more besides (RFC 9110 §12.5.1: the more specific range has
 * precedence): at equal q `application/json; version=2.0` beats `application/json`, the version asked for is
 * not dropped, while `application/json;q=0.9, application/json;version=2.0;q=0.5` prefers any version.
 */
function fitScore(range: RangeScanner, renderer: ParsedRenderer): number {
  if (!namesRenderer(range, renderer)) return -1;
  let shared = 0;
  let extra = 0;
  // No parameter, or one and a renderer without any (`application/json; version=2.0`): no map needed.
  if (range.paramCount === 1 && renderer.paramList.length === 0) {
    extra = 1;
  } else if (range.paramCount > 0) {
    const params = range.paramMap();
    for (const [name, value] of renderer.paramList) {
      workCounter.steps++;
      const requested = params.get(name);
      if (requested === undefined) continue;
      if (requested !== value) return -1;
      shared++;
    }
    extra = Math.min(params.size - shared, FIELD - 1);
  }
  const specificity = range.wildcardLevel * FIELD + Math.min(shared, FIELD - 1);
  return (specificity * Q_FIELD + Math.round(range.q * 1000)) * FIELD + extra;
}

/** DRF's precedence: the wildcard level, plus one for a concrete type that carries parameters. */
function precedence(level: number, hasParams: boolean): number {
  return level + (level === 2 && hasParams ? 1 : 0);
}

/** A parameter value as a token when it is one, else as a quoted-string. */
function serializeValue(value: string): string {
  let token = value.length > 0;
  for (let i = 0; token && i < value.length; i++) token = isTchar(value.charCodeAt(i));
  return token ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** Marks, in `spoiled` (made when first needed), each renderer the malformed element just scanned names. */
function spoil(
  spoiled: boolean[] | null,
  scanner: RangeScanner,
  renderers: readonly ParsedRenderer[],
): boolean[] | null {
  let marks = spoiled;
  for (let index = 0; index < renderers.length; index++) {
    workCounter.steps++;
    const renderer = renderers[index];
    if (renderer !== undefined && namesRenderer(scanner, renderer)) {
      marks ??= renderers.map(() => false);
      marks[index] = true;
    }
  }
  return marks;
}

/**
 * The media type to respond with for `header`, or `null` when nothing is acceptable: {@link negotiate}'s
 * answer, worked out in one pass over the header that keeps only the best-fitting range of each renderer.
 */
function answer(header: string, renderers: readonly ParsedRenderer[]): string | null {
  const scanner = new RangeScanner(header, true);
  const best: (Fit | null)[] = [];
  for (let index = 0; index < renderers.length; index++) best.push(null);
  // Renderers named by an element whose parameters are malformed (`application/json; version=3:0`): the element
  // may ask for a version, and serving the renderer without it would answer another version silently.
  let spoiled: boolean[] | null = null;
  let wellFormed = false;
  while (!scanner.done) {
    if (!scanner.scan()) {
      if (scanner.rangeRead) spoiled = spoil(spoiled, scanner, renderers);
      continue;
    }
    wellFormed = true;
    for (let index = 0; index < renderers.length; index++) {
      workCounter.steps++;
      const renderer = renderers[index];
      const score = renderer === undefined ? -1 : fitScore(scanner, renderer);
      const current = best[index] ?? null;
      // The first of equally fitting ranges counts.
      if (current === null ? score >= 0 : score > current.score) {
        best[index] = {
          score,
          q: scanner.q,
          wildcardLevel: scanner.wildcardLevel,
          hasParams: scanner.paramCount > 0,
          weighted: scanner.weightCount > 0,
          start: scanner.start,
          end: scanner.end,
        };
      }
    }
  }
  // No header, an empty one, or one with nothing well-formed in it: the client accepts anything (RFC 9110
  // §12.5.1), and the first renderer wins, unless a malformed element named it.
  if (!wellFormed) return renderers.find((_renderer, index) => spoiled?.[index] !== true)?.text ?? null;

  let winner: ParsedRenderer | null = null;
  let winning: Fit | null = null;
  for (let index = 0; index < renderers.length; index++) {
    const renderer = renderers[index];
    const fit = spoiled?.[index] === true ? null : (best[index] ?? null);
    // The best-fitting range decides: `*/*, application/json;q=0` excludes JSON even though `*/*` matches it.
    if (renderer !== undefined && fit !== null && fit.q > 0 && (winning === null || fit.q > winning.q)) {
      winner = renderer;
      winning = fit;
    }
  }
  if (winner === null || winning === null) return null;

  // The answer is the winning element as sent, without its `q`, when it is at least as specific as the renderer;
  // else the renderer's type with the element's parameters. For either, unless there is no `q` to cut out or no
  // parameter to add, the element is read again (linear in its length, once).
  const asSent =
    precedence(winning.wildcardLevel, winning.hasParams) >= precedence(2, winner.params.size > 0);
  if (asSent && !winning.weighted) return header.slice(winning.start, winning.end);
  if (!asSent && !winning.hasParams) return winner.text;
  const element = new RangeScanner(header, true);
  element.position = winning.start;
  element.scan();
  if (asSent) return element.asSent();
  let accepted = winner.text;
  for (const [name, value] of element.paramMap()) {
    workCounter.steps++;
    if (!winner.params.has(name)) accepted += `; ${name}=${serializeValue(value)}`;
  }
  return accepted;
}

/**
 * Renderers checked and parsed by {@link parseRenderers}, with the answers given for recent long `Accept` headers
 * (a browser's): clients send the same few again and again. A `NotAcceptable` answer is remembered as `null`.
 */
export class Renderers {
  readonly #answers: BoundedCache<string | null>;

  constructor(readonly list: readonly ParsedRenderer[]) {
    this.#answers = new BoundedCache((header) => answer(header, list));
  }

  /** {@link negotiate}'s answer for `header`, `null` for `NotAcceptable`. */
  answer(header: string): string | null {
    // Clients send the same few headers over and over; the answer to each is worked out once.
    return this.#answers.get(header);
  }
}

/** Parsed renderer lists by the array they were parsed from, with the strings it held then. */
const parsedLists = new WeakMap<
  object,
  { readonly texts: readonly unknown[]; readonly renderers: Renderers }
>();

/** Whether `array` still holds exactly `texts`: an array can change after it was parsed. */
function holds(array: readonly unknown[], texts: readonly unknown[]): boolean {
  if (array.length !== texts.length) return false;
  for (let index = 0; index < array.length; index++) if (array[index] !== texts[index]) return false;
  return true;
}

/**
 * Checks `renderers` (a non-empty array of concrete media types) and parses them; `where` names the caller.
 * An array is parsed once: later calls with it, as long as it holds the same strings, get the same result.
 */
export function parseRenderers(where: string, renderers: unknown): Renderers {
  if (!Array.isArray(renderers) || renderers.length === 0) {
    throw new TypeError(
      `${where}: renderers must be a non-empty array of media types such as ["application/json"], got ${describe(renderers)}`,
    );
  }
  const given: readonly unknown[] = renderers;
  const known = parsedLists.get(given);
  if (known !== undefined && holds(given, known.texts)) return known.renderers;
  const list = given.map((renderer: unknown, index): ParsedRenderer => {
    const parsed = typeof renderer === 'string' ? parseMediaType(renderer) : null;
    if (parsed === null || parsed.type === '' || parsed.type === '*' || parsed.subtype === '*') {
      throw new TypeError(
        `${where}: renderers[${index}] must be a concrete media type such as "application/json", got ${describe(renderer)}`,
      );
    }
    return { ...parsed, text: (renderer as string).trim(), paramList: [...parsed.params] };
  });
  const parsed = new Renderers(list);
  parsedLists.set(given, { texts: [...given], renderers: parsed });
  return parsed;
}

/** Content negotiation over already parsed renderers; see {@link negotiate}. */
export function negotiateParsed(acceptHeader: string | null, renderers: Renderers): string {
  const accepted = renderers.answer(acceptHeader ?? '');
  // A fresh error each time, also for an answer remembered from an earlier request.
  if (accepted === null) throw new NotAcceptable();
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

/**
 * Calls `visit(type, subtype, q)` for each well-formed element of an `Accept` header, in order, with its type and
 * subtype as sent and its weight; malformed elements are skipped. Linear in the header's length.
 */
export function scanAccept(header: string, visit: (type: string, subtype: string, q: number) => void): void {
  const scanner = new RangeScanner(header, true);
  while (!scanner.done) {
    if (scanner.scan()) {
      visit(
        header.slice(scanner.start, scanner.slash),
        header.slice(scanner.slash + 1, scanner.subtypeEnd),
        scanner.q,
      );
    }
  }
}
