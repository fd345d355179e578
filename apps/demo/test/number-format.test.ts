import { expect, test } from 'vitest';
import { pageNumberFormat } from '../src/client/number-format.js';

test.each([
  { languages: ['en-US', 'en'], value: 13524, expected: '13,524' },
  { languages: ['de-DE', 'de', 'en'], value: 13524, expected: '13.524' },
  // French groups with a narrow no-break space, Indian English by lakhs.
  { languages: ['fr-CH', 'fr'], value: 13524, expected: '13\u202f524' },
  { languages: ['en-IN'], value: 135233, expected: '1,35,233' },
  // Not a language tag: skipped, the next one counts.
  { languages: ['not a tag!', 'de'], value: 13524, expected: '13.524' },
  { languages: [], value: 13524, expected: '13,524' },
])('pageNumberFormat($languages) writes $value as $expected', ({ languages, value, expected }) => {
  expect(pageNumberFormat(languages).format(value)).toBe(expected);
});
