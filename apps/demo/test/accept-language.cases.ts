/** `acceptLanguageOf(navigator.languages)`: what the page sends as Accept-Language. */
export const acceptLanguageCases: readonly { languages: readonly string[]; header: string }[] = [
  { languages: ['en-US'], header: 'en-US' },
  { languages: ['fr-CH', 'fr', 'en'], header: 'fr-CH, fr;q=0.9, en;q=0.8' },
  { languages: ['de', 'de', 'ja'], header: 'de, ja;q=0.9' },
  { languages: ['zh-Hans-CN', 'pt-BR'], header: 'zh-Hans-CN, pt-BR;q=0.9' },
  // Not a plain language tag: left out, so the header stays CORS-safelisted.
  { languages: ['', 'en"x', 'fr;q=1', 'es'], header: 'es' },
  { languages: [], header: '' },
  {
    languages: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'],
    header: 'a, b;q=0.9, c;q=0.8, d;q=0.7, e;q=0.6, f;q=0.5, g;q=0.4, h;q=0.3, i;q=0.2, j;q=0.1',
  },
];
