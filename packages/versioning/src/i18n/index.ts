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
