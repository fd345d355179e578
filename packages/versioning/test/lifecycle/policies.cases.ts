export interface DateCase {
  readonly title: string;
  readonly value: unknown;
  /** The instant it names, as an ISO string (floored to the second). */
  readonly expected: string;
}

export const dateCases: readonly DateCase[] = [
  { title: 'a date alone is UTC midnight', value: '2025-07-01', expected: '2025-07-01T00:00:00.000Z' },
  { title: 'a date-time in UTC', value: '2025-07-01T12:30:15Z', expected: '2025-07-01T12:30:15.000Z' },
  { title: 'minutes without seconds', value: '2025-07-01T12:30Z', expected: '2025-07-01T12:30:00.000Z' },
  {
    title: 'a positive offset',
    value: '2025-07-01T02:00:00+02:00',
    expected: '2025-07-01T00:00:00.000Z',
  },
  {
    title: 'a negative offset crosses midnight',
    value: '2025-06-30T20:00:00-04:00',
    expected: '2025-07-01T00:00:00.000Z',
  },
  {
    title: 'milliseconds are floored to the second',
    value: '2025-07-01T00:00:00.999Z',
    expected: '2025-07-01T00:00:00.000Z',
  },
  { title: 'an IMF-fixdate', value: 'Tue, 01 Jul 2025 00:00:00 GMT', expected: '2025-07-01T00:00:00.000Z' },
  {
    title: 'a Date, floored to the second',
    value: new Date(Date.UTC(2025, 6, 1, 8, 0, 0, 750)),
    expected: '2025-07-01T08:00:00.000Z',
  },
  { title: 'a leap day', value: '2024-02-29', expected: '2024-02-29T00:00:00.000Z' },
  { title: 'the epoch', value: '1970-01-01', expected: '1970-01-01T00:00:00.000Z' },
  { title: 'the last second of 9999', value: '9999-12-31T23:59:59Z', expected: '9999-12-31T23:59:59.000Z' },
];

export interface DateErrorCase {
  readonly title: string;
  readonly value: unknown;
  readonly message: string;
}

const expected = 'must be a Date, an ISO 8601 date ("2025-06-30") or date-time with an offset';

export const dateErrorCases: readonly DateErrorCase[] = [
  {
    title: 'a date-time without a time zone (local time)',
    value: '2025-07-01T00:00:00',
    message: 'has no time zone, so it would be read in the server\'s local time: add "Z" or an offset',
  },
  { title: 'a day that does not exist', value: '2025-02-30', message: expected },
  { title: 'month 13', value: '2025-13-01', message: expected },
  { title: 'hour 24', value: '2025-07-01T24:00:00Z', message: expected },
  { title: 'an offset of 25 hours', value: '2025-07-01T00:00:00+25:00', message: expected },
  { title: 'a local-time phrase', value: 'July 1, 2025', message: 'or an IMF-fixdate, got "July 1, 2025"' },
  { title: 'a wrong weekday in an IMF-fixdate', value: 'Mon, 01 Jul 2025 00:00:00 GMT', message: expected },
  { title: 'a two-digit year', value: '25-07-01', message: expected },
  {
    title: 'a number of milliseconds',
    value: 1751328000000,
    message: 'or an IMF-fixdate, got 1751328000000',
  },
  { title: 'an invalid Date', value: new Date(Number.NaN), message: expected },
  { title: 'null', value: null, message: 'got null' },
  {
    title: 'before 1970',
    value: '1969-12-31',
    message: 'must lie between 1970 and 9999, got 1969-12-31T00:00:00.000Z',
  },
  { title: 'after 9999', value: new Date(Date.UTC(10000, 0, 1)), message: 'must lie between 1970 and 9999' },
  { title: 'an empty string', value: '', message: expected },
  { title: 'surrounding spaces', value: ' 2025-07-01', message: expected },
];

export interface PolicyCase {
  readonly title: string;
  readonly policy: unknown;
  /** The header fields, in order. */
  readonly headers: readonly (readonly [string, string])[];
}

export const policyCases: readonly PolicyCase[] = [
  {
    title: 'deprecation, sunset and link',
    policy: { deprecation: '2025-01-01', sunset: '2025-07-01', link: 'https://api.example.com/v1' },
    headers: [
      ['Deprecation', '@1735689600'],
      ['Sunset', 'Tue, 01 Jul 2025 00:00:00 GMT'],
      [
        'Link',
        '<https://api.example.com/v1>; rel="deprecation"; type="text/html", <https://api.example.com/v1>; rel="sunset"; type="text/html"',
      ],
    ],
  },
  {
    title: 'deprecation alone',
    policy: { deprecation: '2025-01-01T00:00:01.500Z' },
    headers: [['Deprecation', '@1735689601']],
  },
  {
    title: 'sunset alone',
    policy: { sunset: new Date(Date.UTC(2026, 0, 15, 9, 30)) },
    headers: [['Sunset', 'Thu, 15 Jan 2026 09:30:00 GMT']],
  },
  {
    title: 'a link without a sunset is only the deprecation link',
    policy: { deprecation: '2025-01-01', link: '/docs/deprecations#v1' },
    headers: [
      ['Deprecation', '@1735689600'],
      ['Link', '</docs/deprecations#v1>; rel="deprecation"; type="text/html"'],
    ],
  },
  {
    title: 'sunset on the same second as deprecation',
    policy: { deprecation: '2025-01-01', sunset: 'Wed, 01 Jan 2025 00:00:00 GMT' },
    headers: [
      ['Deprecation', '@1735689600'],
      ['Sunset', 'Wed, 01 Jan 2025 00:00:00 GMT'],
    ],
  },
  { title: 'an empty policy sends nothing', policy: {}, headers: [] },
];

export interface PolicyErrorCase {
  readonly title: string;
  readonly policies: unknown;
  readonly message: string;
}

const where = 'test: options.policies';

export const policyErrorCases: readonly PolicyErrorCase[] = [
  {
    title: 'not an object',
    policies: ['v1'],
    message: `${where} must be an object of policies by version, got an array`,
  },
  {
    title: 'a policy that is not an object',
    policies: { v1: '2025-01-01' },
    message: `${where}["v1"] must be an object such as { deprecation, sunset, link, brownouts }, got "2025-01-01"`,
  },
  {
    title: 'an unknown key',
    policies: { v1: { retire: '2025-01-01' } },
    message: `${where}["v1"]: unknown option "retire"; known: deprecation, sunset, link`,
  },
  {
    title: 'a bad date names the version and the key',
    policies: { v2: { sunset: 'soon' } },
    message: `${where}["v2"].sunset must be a Date`,
  },
  {
    title: 'sunset before deprecation (RFC 9745 §4)',
    policies: { v1: { deprecation: '2025-07-01', sunset: '2025-01-01' } },
    message: `${where}["v1"]: sunset Wed, 01 Jan 2025 00:00:00 GMT is earlier than deprecation Tue, 01 Jul 2025 00:00:00 GMT`,
  },
  {
    title: 'a link with a space',
    policies: { v1: { link: 'https://example.com/a b' } },
    message: `${where}["v1"].link must be a URL made of URI characters (percent-encode others, e.g. with encodeURI()), got "https://example.com/a b"`,
  },
  {
    title: 'a link that would close the <…>',
    policies: { v1: { link: 'https://example.com/>; rel="x"' } },
    message: `${where}["v1"].link must be a URL`,
  },
  {
    title: 'a link with a line break',
    policies: { v1: { link: 'https://example.com/\r\nSet-Cookie: a=b' } },
    message: `${where}["v1"].link must be a URL`,
  },
  {
    title: 'a link with a bad percent escape',
    policies: { v1: { link: 'https://example.com/%zz' } },
    message: `${where}["v1"].link must be a URL`,
  },
  { title: 'an empty link', policies: { v1: { link: '' } }, message: `${where}["v1"].link must be a URL` },
  {
    title: 'a link that is not a string',
    policies: { v1: { link: new URL('https://example.com/') } },
    message: `${where}["v1"].link must be a URL made of URI characters (percent-encode others, e.g. with encodeURI()), got a URL`,
  },
  {
    title: 'brownouts that are not an array',
    policies: { v1: { brownouts: { start: '2025-06-01', end: '2025-06-02' } } },
    message: `${where}["v1"].brownouts must be an array of { start, end } windows, got an object`,
  },
  {
    title: 'a brownout window without an end',
    policies: { v1: { brownouts: [{ start: '2025-06-01' }] } },
    message: `${where}["v1"].brownouts[0].end must be a Date`,
  },
  {
    title: 'a brownout window with an unknown key',
    policies: { v1: { brownouts: [{ start: '2025-06-01', end: '2025-06-02', until: '2025-06-03' }] } },
    message: `${where}["v1"].brownouts[0]`,
  },
  {
    title: 'a brownout window that ends before it starts',
    policies: { v1: { brownouts: [{ start: '2025-06-02', end: '2025-06-01' }] } },
    message: `${where}["v1"].brownouts[0]: end Sun, 01 Jun 2025 00:00:00 GMT is not after start Mon, 02 Jun 2025 00:00:00 GMT`,
  },
  {
    title: 'overlapping brownout windows, in any order',
    policies: {
      v1: {
        brownouts: [
          { start: '2025-06-02T12:00:00Z', end: '2025-06-02T13:00:00Z' },
          { start: '2025-06-02T11:30:00Z', end: '2025-06-02T12:00:01Z' },
        ],
      },
    },
    message: `${where}["v1"].brownouts: the windows Mon, 02 Jun 2025 11:30:00 GMT – Mon, 02 Jun 2025 12:00:01 GMT and Mon, 02 Jun 2025 12:00:00 GMT – Mon, 02 Jun 2025 13:00:00 GMT overlap`,
  },
  {
    title: 'a brownout window ending after the sunset',
    policies: {
      v1: {
        sunset: '2025-07-01',
        brownouts: [{ start: '2025-06-30T23:00:00Z', end: '2025-07-01T00:00:01Z' }],
      },
    },
    message: `${where}["v1"].brownouts[0] ends Tue, 01 Jul 2025 00:00:01 GMT, after the sunset Tue, 01 Jul 2025 00:00:00 GMT: a brownout comes before the version goes away`,
  },
];
