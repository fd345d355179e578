/**
 * `@restdash/versioning/i18n`: lazily translated text and the catalogues behind it. The root entry re-exports what a
 * versioned API needs (`gettextLazy`, `LazyString`, `activate`, `getLanguage`, `withLanguage`,
 * `languageFromAcceptLanguage`); this entry adds what an application uses to translate its own messages.
 * @example
 * import { addTranslations, supportedLanguages } from '@restdash/versioning/i18n';
 * addTranslations('fr', { 'Invalid page.': 'Page non valide.' });
 * supportedLanguages(); // ['en', 'de', 'es', 'fr', 'ja', 'pt-BR', 'zh-Hans']
 * @packageDocumentation
 */
export {
  activate,
  getLanguage,
  gettext,
  gettextLazy,
  languageFromAcceptLanguage,
  LazyString,
  supportedLanguages,
  withLanguage,
} from './lazy.js';
export type { MessageParams } from './lazy.js';
export { addTranslations } from './translations.js';
