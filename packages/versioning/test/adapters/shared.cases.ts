export interface VaryCase {
  readonly current: unknown;
  readonly expected: string;
}

/** `appendVary(current, 'Accept')` */
export const varyCases: readonly VaryCase[] = [
  { current: undefined, expected: 'Accept' },
  { current: '', expected: 'Accept' },
  { current: 'Cookie', expected: 'Cookie, Accept' },
  { current: 'cookie, ACCEPT', expected: 'cookie, ACCEPT' },
  { current: '*', expected: '*' },
  { current: ['Cookie', 'Origin'], expected: 'Cookie, Origin, Accept' },
  { current: 42, expected: 'Accept' },
];

export interface ProblemCase {
  readonly title: string;
  readonly acceptLanguage: string | undefined;
  readonly varyAccept: boolean;
  readonly detail: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** `renderProblem(new NotFound(), acceptLanguage, varyAccept)` */
export const notFoundCases: readonly ProblemCase[] = [
  {
    title: 'no Accept-Language: English',
    acceptLanguage: undefined,
    varyAccept: false,
    detail: 'Not found.',
    headers: {
      'content-type': 'application/problem+json',
      'content-language': 'en',
      vary: 'Accept-Language',
    },
  },
  {
    title: 'the best supported language by q-value',
    acceptLanguage: 'en;q=0.2, fr-CH, de;q=0.9',
    varyAccept: false,
    detail: 'Pas trouvé.',
    headers: {
      'content-type': 'application/problem+json',
      'content-language': 'fr',
      vary: 'Accept-Language',
    },
  },
  {
    title: 'garbage: English',
    acceptLanguage: ';;q=,,\u0000*',
    varyAccept: true,
    detail: 'Not found.',
    headers: {
      'content-type': 'application/problem+json',
      'content-language': 'en',
      vary: 'Accept, Accept-Language',
    },
  },
];
