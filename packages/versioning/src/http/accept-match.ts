import { isTchar } from '../internal/field-syntax.js';
import { RangeScanner } from './range-scanner.js';

export interface ParsedRenderer {
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
 * Whether the type and subtype of the range just scanned (or of a malformed element whose type and subtype were
 * read) are the renderer's, or wildcards covering them; a `*` type under a concrete subtype names every type.
 */
function namesRenderer(range: RangeScanner, renderer: ParsedRenderer): boolean {
  const level = range.wildcardLevel;
  return (
    (level === 0 || range.wildcardType || range.typeIs(renderer.type)) &&
    (level < 2 || range.subtypeIs(renderer.subtype))
  );
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
export function bestMediaType(header: string, renderers: readonly ParsedRenderer[]): string | null {
  const scanner = new RangeScanner(header, true);
  const best: (Fit | null)[] = [];
  for (let index = 0; index < renderers.length; index++) best.push(null);
  // Renderers named by an element whose parameters are malformed (`application/json; version=3:0`), or by a
  // `*/json` with parameters (no media range): the element may ask for a version, and serving the renderer without
  // it would answer another version silently. A bare `*/json` asks for none and is skipped.
  let spoiled: boolean[] | null = null;
  let wellFormed = false;
  while (!scanner.done) {
    if (!scanner.scan()) {
      if (scanner.rangeRead && (!scanner.wildcardType || scanner.hasParameters)) {
        spoiled = spoil(spoiled, scanner, renderers);
      }
      continue;
    }
    wellFormed = true;
    for (let index = 0; index < renderers.length; index++) {
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
    if (!winner.params.has(name)) accepted += `; ${name}=${serializeValue(value)}`;
  }
  return accepted;
}
