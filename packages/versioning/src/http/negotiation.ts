import { NotAcceptable } from '../errors.js';
import { mustBe } from '../internal/arguments.js';
import { bestMediaType, type ParsedRenderer } from './accept-match.js';
import { BoundedCache } from './bounded-cache.js';
import { parseMediaType } from './media-type.js';

/**
 * Renderers checked and parsed by {@link parseRenderers}, with the answers given for recent `Accept` headers: clients
 * send the same few again and again, so each is negotiated once. A `NotAcceptable` answer is remembered as `null`.
 */
export class Renderers {
  readonly #answers: BoundedCache<string | null>;

  constructor(readonly list: readonly ParsedRenderer[]) {
    this.#answers = new BoundedCache((header) => bestMediaType(header, list));
  }

  /** {@link negotiate}'s answer for `header`, `null` for `NotAcceptable`. */
  answer(header: string): string | null {
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
    throw mustBe(
      where,
      'renderers',
      'a non-empty array of media types such as ["application/json"]',
      renderers,
    );
  }
  const given: readonly unknown[] = renderers;
  const known = parsedLists.get(given);
  if (known !== undefined && holds(given, known.texts)) return known.renderers;
  const list = given.map((renderer: unknown, index): ParsedRenderer => {
    const parsed = typeof renderer === 'string' ? parseMediaType(renderer) : null;
    if (parsed === null || parsed.type === '' || parsed.type === '*' || parsed.subtype === '*') {
      throw mustBe(
        where,
        `renderers[${index}]`,
        'a concrete media type such as "application/json"',
        renderer,
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
    throw mustBe('negotiate(acceptHeader, renderers)', 'acceptHeader', 'a string or null', acceptHeader);
  }
  return negotiateParsed(
    acceptHeader ?? null,
    parseRenderers('negotiate(acceptHeader, renderers)', renderers),
  );
}
