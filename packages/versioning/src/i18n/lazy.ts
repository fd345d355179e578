import { argumentError } from '../internal/arguments.js';
import { catalogs } from './catalogs/index.js';
import { requestLanguage, runInLanguage } from '#request-language';
import { addedLanguages, addedTranslation } from './translations.js';

let activeLanguage = 'en';

/** Parameters substituted into a message's `%(name)s` placeholders after translation. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Languages with a catalog, plus English (the msgids themselves), plus those added by `addTranslations()`. */
export function supportedLanguages(): readonly string[] {
  return ['en', ...Object.keys(catalogs), ...addedLanguages()];
}

/**
 * The entry of `supported` that best serves `tag`: an exact (case-insensitive) match, else the first sharing its
 * primary subtag (`de-AT` → `de`, `pt` → `pt-BR`, `zh-CN` → `zh-Hans`, but never Traditional Chinese → `zh-Hans`).
 */
function closest(tag: string, supported: readonly string[]): string | null {
  const lower = tag.toLowerCase();
  const exact = supported.find((language) => language.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  const primary = lower.split('-')[0] ?? '';
  if (primary === 'zh' && (lower.includes('hant') || /-(tw|hk|mo)$/.test(lower))) return null;
  return supported.find((language) => language.toLowerCase().split('-')[0] === primary) ?? null;
}

/** Makes `language` the process-wide active language (outside {@link withLanguage}); unknown ones mean English. */
export function activate(language: string): void {
  if (typeof language !== 'string') {
    throw argumentError(`activate(language): expected a language tag string, got ${String(language)}`);
  }
  activeLanguage = closest(language, supportedLanguages()) ?? 'en';
}

/** The language messages are translated into right now: the per-request one, else the activated one. */
export function getLanguage(): string {
  return requestLanguage() ?? activeLanguage;
}

/**
 * Runs `fn` with `language` active for it and everything it awaits (AsyncLocalStorage), leaving other requests alone.
 * In a browser bundle, for as long as `fn` runs (not across what it awaits).
 * @example withLanguage('de', () => String(new NotFound().detail)) // 'Nicht gefunden.'
 */
export function withLanguage<T>(language: string, fn: () => T): T {
  if (typeof language !== 'string') {
    throw argumentError(
      `withLanguage(language, fn): expected a language tag string, got ${String(language)}`,
    );
  }
  return runInLanguage(closest(language, supportedLanguages()) ?? 'en', fn);
}

function interpolate(text: string, params: MessageParams | undefined): string {
  if (!params) return text;
  return text.replace(/%\((\w+)\)s/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * Translates `msgid` into the active language now: the application's translation (`addTranslations()`), else the
 * package catalog's, else English.
 */
export function gettext(msgid: string, params?: MessageParams): string {
  const language = getLanguage();
  const catalog = language === 'en' ? undefined : catalogs[language];
  const translated =
    addedTranslation(language, msgid) ??
    (catalog && Object.hasOwn(catalog, msgid) ? catalog[msgid] : undefined);
  return interpolate(translated ?? msgid, params);
}

/** Text translated each time it is read, into the language active at that moment. */
export class LazyString {
  constructor(
    readonly msgid: string,
    readonly params?: MessageParams,
  ) {}

  toString(): string {
    return gettext(this.msgid, this.params);
  }

  toJSON(): string {
    return this.toString();
  }
}

/**
 * Marks `msgid` for translation and returns text that translates itself when read.
 * @example const message = gettextLazy('Invalid version in URL path.'); activate('fr'); String(message)
 */
export function gettextLazy(msgid: string, params?: MessageParams): LazyString {
  if (typeof msgid !== 'string')
    throw argumentError(`gettextLazy(msgid): expected a string, got ${String(msgid)}`);
  return new LazyString(msgid, params);
}

/**
 * The best of `supported` for an `Accept-Language` header (RFC 9110 q-values, `*` ignored), or `null`.
 * Never throws on garbage; linear in the header's length.
 * @example languageFromAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8', ['en', 'fr']) // 'fr'
 */
export function languageFromAcceptLanguage(
  header: string | null | undefined,
  supported: readonly string[],
): string | null {
  if (typeof header !== 'string' || header.length === 0) return null;
  let best: string | null = null;
  let bestQ = 0;
  for (const element of header.split(',')) {
    const [rawTag = '', ...params] = element.split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(tag)) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match?.[1] !== undefined) q = Number(match[1]);
    }
    if (q <= bestQ || q > 1) continue;
    const found = closest(tag, supported);
    if (found !== null) {
      best = found;
      bestQ = q;
    }
  }
  return best;
}
