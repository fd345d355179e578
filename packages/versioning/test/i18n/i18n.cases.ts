export interface AcceptLanguageCase {
  readonly header: string | null;
  readonly expected: string | null;
}

/** `languageFromAcceptLanguage(header, supportedLanguages())`: en, de, es, fr, ja, pt-BR, zh-Hans. */
export const acceptLanguageCases: readonly AcceptLanguageCase[] = [
  { header: null, expected: null },
  { header: '', expected: null },
  { header: 'de', expected: 'de' },
  { header: 'DE', expected: 'de' },
  { header: 'de-AT', expected: 'de' },
  { header: 'fr-CH, fr;q=0.9, en;q=0.8', expected: 'fr' },
  { header: 'en;q=0.5, ja', expected: 'ja' },
  { header: 'fr, de', expected: 'fr' },
  { header: 'ja;q=0, de;q=0.1', expected: 'de' },
  { header: 'xx, es;q=0.2', expected: 'es' },
  { header: 'pt', expected: 'pt-BR' },
  { header: 'pt-br', expected: 'pt-BR' },
  { header: 'zh-CN', expected: 'zh-Hans' },
  { header: 'zh-Hans-CN', expected: 'zh-Hans' },
  { header: 'zh-TW', expected: null },
  { header: 'zh-Hant', expected: null },
  { header: 'zh-Hant, ja;q=0.3', expected: 'ja' },
  { header: '*', expected: null },
  { header: '*, de;q=0.5', expected: 'de' },
  { header: 'de;q=1.5', expected: null },
  { header: 'en', expected: 'en' },
  { header: ' , ;, de ;q=0.7 ,', expected: 'de' },
];

export interface ActivationCase {
  readonly language: string;
  readonly active: string;
}

/** `withLanguage(language, getLanguage)`: the closest catalog, English when none fits. */
export const activationCases: readonly ActivationCase[] = [
  { language: 'de', active: 'de' },
  { language: 'fr-CA', active: 'fr' },
  { language: 'pt', active: 'pt-BR' },
  { language: 'zh-cn', active: 'zh-Hans' },
  { language: 'zh-HK', active: 'en' },
  { language: 'ko', active: 'en' },
  { language: '', active: 'en' },
];
