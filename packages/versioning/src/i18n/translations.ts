import { argumentError, isPlainObject, mustBe } from '../internal/arguments.js';
import { catalogs } from './catalogs/index.js';

/** What applications added with {@link addTranslations}: by language tag, then by msgid. */
const added = new Map<string, Map<string, string>>();

const where = 'addTranslations(language, messages)';

const placeholderPattern = /%\((\w+)\)s/g;

function placeholders(text: string): string {
  const names = new Set([...text.matchAll(placeholderPattern)].map((match) => `%(${match[1] ?? ''})s`));
  return [...names].sort().join(', ');
}

/** `language` as the key its messages are kept under: an existing catalog's spelling, else the canonical tag. */
function languageKey(language: unknown): string {
  if (typeof language !== 'string' || language === '') {
    throw mustBe(where, 'language', "a language tag such as 'fr' or 'pt-BR'", language);
  }
  let canonical: string | undefined;
  try {
    canonical = Intl.getCanonicalLocales(language)[0];
  } catch {
    canonical = undefined;
  }
  if (canonical === undefined) {
    throw mustBe(where, 'language', "a BCP 47 language tag such as 'fr' or 'pt-BR'", language);
  }
  const lower = canonical.toLowerCase();
  const known = [...Object.keys(catalogs), ...added.keys()].find((key) => key.toLowerCase() === lower);
  return known ?? canonical;
}

/**
 * Adds an application's own messages to the translation catalogs, as a Django app ships its gettext catalog:
 * `gettext()`, `gettextLazy()` and the errors that carry them then translate those msgids into `language` too,
 * and `language` becomes one of {@link supportedLanguages} (so `Accept-Language` can pick it). Calls add up; for a
 * msgid given twice, or one a package catalog already translates, the latest application translation wins.
 * Everything is checked before anything is added: `language` must be a BCP 47 tag (`pt-br` is kept as `pt-BR`, the
 * catalog that exists), `messages` a plain object of non-empty strings, and each translation must keep exactly the
 * `%(name)s` placeholders of its msgid (each as often as it likes). A mistake is a `TypeError` naming the language, the msgid and the value.
 * @example
 * const invalidPage = 'Invalid page.';
 * addTranslations('fr', { [invalidPage]: 'Page non valide.' });
 * withLanguage('fr', () => new NotFound(gettextLazy(invalidPage)).message); // 'Page non valide.'
 */
export function addTranslations(language: string, messages: Readonly<Record<string, string>>): void {
  const key = languageKey(language);
  if (!isPlainObject(messages)) {
    throw mustBe(where, 'messages', 'an object of msgid → translation', messages);
  }
  const entries = Object.entries(messages);
  for (const [msgid, translation] of entries) {
    if (msgid === '') {
      throw argumentError(`${where}: a msgid of ${JSON.stringify(key)} is the empty string`);
    }
    if (typeof translation !== 'string' || translation === '') {
      throw mustBe(
        where,
        `the ${JSON.stringify(key)} translation of ${JSON.stringify(msgid)}`,
        'a non-empty string',
        translation,
      );
    }
    if (placeholders(translation) !== placeholders(msgid)) {
      throw argumentError(
        `${where}: the ${JSON.stringify(key)} translation of ${JSON.stringify(msgid)} must keep its placeholders (${placeholders(msgid) || 'none'}), got ${JSON.stringify(translation)}`,
      );
    }
  }
  if (entries.length === 0) return;
  let catalog = added.get(key);
  if (catalog === undefined) {
    catalog = new Map();
    added.set(key, catalog);
  }
  for (const [msgid, translation] of entries) catalog.set(msgid, translation);
}

/** The application's translation of `msgid` into `language`, if {@link addTranslations} gave one. */
export function addedTranslation(language: string, msgid: string): string | undefined {
  return added.get(language)?.get(msgid);
}

/** Languages applications added that no package catalog has, in the order they were first added. */
export function addedLanguages(): string[] {
  return [...added.keys()].filter((language) => language !== 'en' && !Object.hasOwn(catalogs, language));
}
