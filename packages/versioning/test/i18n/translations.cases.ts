export interface BadTranslationsCase {
  readonly name: string;
  readonly language: unknown;
  readonly messages: unknown;
  /** What the TypeError's message must say (it names the value). */
  readonly error: RegExp;
}

/** `addTranslations(language, messages)` calls that must throw a `TypeError`. */
export const badTranslationsCases: readonly BadTranslationsCase[] = [
  { name: 'a language that is no string', language: 42, messages: {}, error: /language .*got 42$/ },
  { name: 'an empty language', language: '', messages: {}, error: /language .*got ""$/ },
  {
    name: 'a language that is no BCP 47 tag',
    language: 'en_US',
    messages: {},
    error: /BCP 47 language tag .*got "en_US"$/,
  },
  { name: 'a sentence as language', language: 'French please', messages: {}, error: /got "French please"$/ },
  { name: 'messages null', language: 'fr', messages: null, error: /messages must be an object .*got null$/ },
  { name: 'messages an array', language: 'fr', messages: ['a'], error: /got an array$/ },
  { name: 'messages a Map', language: 'fr', messages: new Map([['a', 'b']]), error: /got a Map$/ },
  {
    name: 'messages a string',
    language: 'fr',
    messages: 'Page non valide.',
    error: /got "Page non valide."$/,
  },
  {
    name: 'an empty msgid',
    language: 'fr',
    messages: { '': 'Vide.' },
    error: /a msgid of "fr" is the empty string/,
  },
  {
    name: 'a translation that is no string',
    language: 'de',
    messages: { 'Too late.': 7 },
    error: /the "de" translation of "Too late\." must be a non-empty string, got 7$/,
  },
  {
    name: 'an empty translation',
    language: 'de',
    messages: { 'Too late.': '' },
    error: /the "de" translation of "Too late\." must be a non-empty string, got ""$/,
  },
  {
    name: 'a translation that drops a placeholder',
    language: 'es',
    messages: { 'Page %(page)s of %(pages)s.': 'Página %(page)s.' },
    error: /must keep its placeholders \(%\(page\)s, %\(pages\)s\), got "Página %\(page\)s\."$/,
  },
  {
    name: 'a translation that renames a placeholder',
    language: 'es',
    messages: { 'Page %(page)s.': 'Página %(pagina)s.' },
    error: /must keep its placeholders \(%\(page\)s\), got "Página %\(pagina\)s\."$/,
  },
  {
    name: 'a translation that adds a placeholder',
    language: 'ja',
    messages: { 'Too late.': '%(when)s 遅すぎます。' },
    error: /must keep its placeholders \(none\), got "%\(when\)s 遅すぎます。"$/,
  },
];

export interface LanguageKeyCase {
  /** The tag given to `addTranslations`. */
  readonly given: string;
  /** The language the message is then served in (`withLanguage(served, …)`). */
  readonly served: string;
}

/** A tag is kept the way the existing catalog spells it, else canonicalized (BCP 47 case conventions). */
export const languageKeyCases: readonly LanguageKeyCase[] = [
  { given: 'pt-br', served: 'pt-BR' },
  { given: 'ZH-HANS', served: 'zh-Hans' },
  { given: 'DE', served: 'de' },
  { given: 'EN', served: 'en' },
  { given: 'nl-be', served: 'nl-BE' },
];
