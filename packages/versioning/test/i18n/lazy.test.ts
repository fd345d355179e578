import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  getLanguage,
  languageFromAcceptLanguage,
  supportedLanguages,
  withLanguage,
} from '../../src/i18n/lazy.js';
import { acceptLanguageCases, activationCases } from './i18n.cases.js';

describe('languageFromAcceptLanguage', () => {
  test.each(acceptLanguageCases)('$header → $expected', ({ header, expected }) => {
    expect(languageFromAcceptLanguage(header, supportedLanguages())).toBe(expected);
  });

  test('never throws, and answers null or a supported language', () => {
    const pieces = fc.constantFrom(
      'de',
      'zh',
      '-',
      'Hant',
      'CN',
      'pt',
      ';',
      ',',
      'q=',
      '0.5',
      '1',
      '*',
      ' ',
      '\u0000',
      'é',
    );
    const header = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(header, (text) => {
        const language = languageFromAcceptLanguage(text, supportedLanguages());
        expect(language === null || supportedLanguages().includes(language)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('withLanguage', () => {
  test.each(activationCases)('"$language" activates $active', ({ language, active }) => {
    expect(withLanguage(language, getLanguage)).toBe(active);
  });

  test('is scoped to the callback and what it awaits', async () => {
    const inside = withLanguage('fr', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return getLanguage();
    });
    expect(getLanguage()).toBe('en');
    expect(await inside).toBe('fr');
  });
});
