export interface VaryCase {
  readonly current: unknown;
  readonly expected: string;
}

/** `appendVary(current, ['Accept'])` */
export const varyCases: readonly VaryCase[] = [
  { current: undefined, expected: 'Accept' },
  { current: '', expected: 'Accept' },
  { current: 'Cookie', expected: 'Cookie, Accept' },
  { current: 'cookie, ACCEPT', expected: 'cookie, ACCEPT' },
  { current: '*', expected: '*' },
  { current: ['Cookie', 'Origin'], expected: 'Cookie, Origin, Accept' },
  { current: 42, expected: 'Accept' },
  { current: 'Cookie,Origin', expected: 'Cookie,Origin, Accept' },
  { current: '  ', expected: 'Accept' },
];

export interface ProblemCase {
  readonly title: string;
  readonly acceptLanguage: string | undefined;
  /** The route's scheme's `varyHeaders`. */
  readonly schemeVary: readonly string[];
  readonly detail: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly vary: readonly string[];
}

/** `renderProblem(new NotFound(), acceptLanguage, schemeVary)` */
export const notFoundCases: readonly ProblemCase[] = [
  {
    title: 'no Accept-Language: English',
    acceptLanguage: undefined,
    schemeVary: [],
    detail: 'Not found.',
    headers: {
      'content-type': 'application/problem+json',
      'content-language': 'en',
      'x-content-type-options': 'nosniff',
    },
    vary: ['Accept-Language'],
  },
  {
    title: 'the best supported language by q-value',
    acceptLanguage: 'en;q=0.2, fr-CH, de;q=0.9',
    schemeVary: [],
    detail: 'Pas trouvé.',
    headers: {
      'content-type': 'application/problem+json',
      'content-language': 'fr',
      'x-content-type-options': 'nosniff',
    },
    vary: ['Accept-Language'],
  },
  {
    title: 'garbage: English',
    acceptLanguage: ';;q=,,\u0000*',
    schemeVary: ['Accept'],
    detail: 'Not found.',
    headers: {
      'content-type': 'application/problem+json',
      'content-language': 'en',
      'x-content-type-options': 'nosniff',
    },
    vary: ['Accept', 'Accept-Language'],
  },
  {
    title: 'a scheme reading two headers: both, then Accept-Language',
    acceptLanguage: 'de',
    schemeVary: ['Api-Version', 'Accept'],
    detail: 'Nicht gefunden.',
    headers: {
      'content-type': 'application/problem+json',
      'content-language': 'de',
      'x-content-type-options': 'nosniff',
    },
    vary: ['Api-Version', 'Accept', 'Accept-Language'],
  },
];

/** `appendVary(current, ['Api-Version', 'Accept'])`: each field added once. */
export const varyListCases: readonly VaryCase[] = [
  { current: undefined, expected: 'Api-Version, Accept' },
  { current: 'Cookie', expected: 'Cookie, Api-Version, Accept' },
  { current: 'accept', expected: 'accept, Api-Version' },
  { current: 'API-VERSION, Accept', expected: 'API-VERSION, Accept' },
  { current: '*', expected: '*' },
];
