import { expect, test } from 'vitest';
import { pageDateFormat, pageNumberFormat } from '../src/client/reader-formats.js';

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

test.each([
  { languages: ['en-US'], expected: 'July 1, 2027' },
  { languages: ['de-DE'], expected: '1. Juli 2027' },
  { languages: ['x y', 'ja-JP'], expected: '2027年7月1日' },
  { languages: [], expected: 'July 1, 2027' },
])('pageDateFormat($languages) writes the UTC day 2027-07-01 as $expected', ({ languages, expected }) => {
  // One second past midnight UTC: still July 1st, whatever the machine's time zone.
  expect(pageDateFormat(languages).format(new Date('2027-07-01T00:00:01Z'))).toBe(expected);
});
