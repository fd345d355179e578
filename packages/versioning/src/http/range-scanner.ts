import { isTchar } from '../internal/field-syntax.js';

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

/** The character code at `index`, -1 past the end (where `charCodeAt()` gives NaN, which no comparison matches). */
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
export class RangeScanner {
  /** Where the next element starts: after the comma that ended the last one, or the end of the text. */
  position = 0;
  /** Start and end of the element's text, surrounding whitespace excluded. */
  start = 0;
  end = 0;
  /** Where the type ends and the subtype starts (the `/`), and where the subtype ends. */
  slash = 0;
  subtypeEnd = 0;
  /** 0 for the any-type range, 1 for `type/*`, 2 for `type/subtype` (and for a `*` type under a subtype). */
  wildcardLevel = 2;
  /**
   * Whether the element's type and subtype were read: also true for an element whose parameters are malformed,
   * so that the caller can tell which renderers it names.
   */
  rangeRead = false;
  /**
   * Whether the element's type is `*` under a concrete subtype: no media range in RFC 9110, so the element is malformed, but it
   * is read to its end like any other, and names every type of its subtype.
   */
  wildcardType = false;
  /** Whether anything follows the element's subtype: a parameter, a weight, or text that should have been one. */
  hasParameters = false;
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
    const wildcardType = anyType && !anySubtype;
    this.wildcardLevel = anySubtype ? (anyType ? 0 : 1) : 2;
    this.wildcardType = wildcardType;
    this.hasParameters = false;
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
        if (wildcardType) return this.#malformed(i);
        this.position = i === length ? i : i + 1;
        return true;
      }
      this.hasParameters = true;
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

  /**
   * The element as sent with `parameter` (such as `; version=2`) in place of its parameters named `name`
   * (lower-cased), before its weight: `application/json;version=1;q=0.5` → `application/json; version=2;q=0.5`.
   */
  withParameter(name: string, parameter: string): string {
    const { text } = this;
    const spans = this.#paramSpans;
    let rebuilt = text.slice(this.start, this.subtypeEnd);
    for (let index = 0; index < this.paramCount; index++) {
      const at = 4 * index;
      const nameStart = spans[at] ?? 0;
      const nameEnd = spans[at + 1] ?? 0;
      if (!this.#equalsLowerCase(nameStart, nameEnd, name))
        rebuilt += `;${text.slice(nameStart, spans[at + 3])}`;
    }
    rebuilt += parameter;
    const weights = this.#weightSpans;
    for (let index = 0; index < 2 * this.weightCount; index += 2) {
      rebuilt += text.slice(weights[index], weights[index + 1]);
    }
    return rebuilt;
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
    return i;
  }

  /** The index of the first character at or after `from` that is not a tchar. */
  #skipTchars(from: number): number {
    const text = this.text;
    let i = from;
    for (; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (!isTchar(code)) break;
    }
    return i;
  }

  /** Skips a malformed element from `at`: in a list, past the next comma; else to the end of the text. */
  #malformed(at: number): false {
    const comma = this.inList ? this.text.indexOf(',', at) : -1;
    this.position = comma === -1 ? this.text.length : comma + 1;
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
