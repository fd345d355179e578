import { languageFromAcceptLanguage } from '@restdash/versioning';
import { supportedLanguages } from '@restdash/versioning/i18n';
import { expect, test } from 'vitest';
import { acceptLanguageOf } from '../src/client/accept-language.js';
import { acceptLanguageCases } from './accept-language.cases.js';

test.each(acceptLanguageCases)('$languages → "$header"', ({ languages, header }) => {
  expect(acceptLanguageOf(languages)).toBe(header);
});

test('the API reads the header the way the browser ranks its languages', () => {
  expect(languageFromAcceptLanguage(acceptLanguageOf(['ko', 'ja', 'de']), supportedLanguages())).toBe('ja');
});
