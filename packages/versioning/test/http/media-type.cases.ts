export interface ParseCase {
  readonly title: string;
  readonly input: string;
  readonly type: string;
  readonly subtype: string;
  readonly params: readonly (readonly [string, string])[];
}

const nothing = { type: '', subtype: '', params: [] } as const;

/** `parseMediaType()`: well-formed media types, then malformed ones (empty type and subtype, never a throw). */
export const parseCases: readonly ParseCase[] = [
  { title: 'a bare type', input: 'application/json', type: 'application', subtype: 'json', params: [] },
  {
    title: 'type, subtype and parameter names are lower-cased, values kept',
    input: 'Application/JSON; Version=V1.0',
    type: 'application',
    subtype: 'json',
    params: [['version', 'V1.0']],
  },
  {
    title: 'a quoted value is unquoted',
    input: 'application/json;version="1.0"',
    type: 'application',
    subtype: 'json',
    params: [['version', '1.0']],
  },
  {
    title: 'backslash escapes inside a quoted value',
    input: String.raw`text/plain; title="a \"quoted\" \\ w\ord"`,
    type: 'text',
    subtype: 'plain',
    params: [['title', 'a "quoted" \\ word']],
  },
  {
    title: 'separators inside a quoted value',
    input: 'text/plain; a="x;y,z=w"; b=2',
    type: 'text',
    subtype: 'plain',
    params: [
      ['a', 'x;y,z=w'],
      ['b', '2'],
    ],
  },
  { title: 'an empty quoted value', input: 'a/b; p=""', type: 'a', subtype: 'b', params: [['p', '']] },
  {
    title: 'whitespace around the parts and a trailing semicolon',
    input: ' \ttext/html ; level=1 ;  ',
    type: 'text',
    subtype: 'html',
    params: [['level', '1']],
  },
  {
    title: 'empty parameters',
    input: 'text/html;;level=1',
    type: 'text',
    subtype: 'html',
    params: [['level', '1']],
  },
  { title: 'the any-type range', input: '*/*', type: '*', subtype: '*', params: [] },
  {
    title: 'a subtype wildcard and q',
    input: 'text/*; q=0.5',
    type: 'text',
    subtype: '*',
    params: [['q', '0.5']],
  },
  {
    title: 'a repeated parameter keeps its last value',
    input: 'a/b; p=1; P=2',
    type: 'a',
    subtype: 'b',
    params: [['p', '2']],
  },
  {
    title: 'obs-text in a quoted value',
    input: 'a/b; p="caf\u00e9"',
    type: 'a',
    subtype: 'b',
    params: [['p', 'caf\u00e9']],
  },
  { title: 'an empty string', input: '', ...nothing },
  { title: 'a type without subtype', input: 'application', ...nothing },
  { title: 'an empty subtype', input: 'application/', ...nothing },
  { title: 'an empty type', input: '/json', ...nothing },
  { title: 'a wildcard type with a concrete subtype', input: '*/json', ...nothing },
  { title: 'a parameter without value', input: 'text/html; level', ...nothing },
  { title: 'a parameter without name', input: 'text/html; =1', ...nothing },
  { title: 'an empty unquoted value', input: 'text/html; level=', ...nothing },
  { title: 'whitespace around "="', input: 'text/html; level = 1', ...nothing },
  { title: 'an unterminated quoted value', input: 'text/html; t="open', ...nothing },
  { title: 'a backslash at the very end', input: 'a/b; p="\\', ...nothing },
  { title: 'a control character in a quoted value', input: 'a/b; p="\u0001"', ...nothing },
  { title: 'a list is not one media type', input: 'text/html, application/json', ...nothing },
  { title: 'text after the subtype', input: 'text/html x', ...nothing },
  { title: 'a non-token character in the type', input: 't\u00ebxt/html', ...nothing },
  { title: 'a quote inside a token value', input: 'a/b; p=x"y"', ...nothing },
];

export interface NegotiateCase {
  readonly title: string;
  readonly accept: string | null;
  readonly renderers: readonly string[];
  /** The accepted media type, or `null` for `NotAcceptable`. */
  readonly expected: string | null;
}

const jsonHtml = ['application/json', 'text/html'] as const;
const rfcExample =
  'text/*;q=0.3, text/plain;q=0.7, text/plain;format=flowed, text/plain;format=fixed;q=0.4, */*;q=0.5';

/** `negotiate()`: RFC 9110 §12.5.1 with DRF's parameter handling. */
export const negotiateCases: readonly NegotiateCase[] = [
  { title: 'no header: the first renderer', accept: null, renderers: jsonHtml, expected: 'application/json' },
  { title: 'an empty header counts as none', accept: '', renderers: jsonHtml, expected: 'application/json' },
  {
    title: 'only malformed elements count as none',
    accept: 'garbage, ;;',
    renderers: jsonHtml,
    expected: 'application/json',
  },
  { title: 'any type: the first renderer', accept: '*/*', renderers: jsonHtml, expected: 'application/json' },
  {
    title: 'a wildcard range lends its parameters to the renderer type',
    accept: '*/*; version=1.2.3',
    renderers: ['application/json'],
    expected: 'application/json; version=1.2.3',
  },
  {
    title: 'a subtype wildcard lends its parameters too',
    accept: 'application/*; version=2',
    renderers: ['application/json'],
    expected: 'application/json; version=2',
  },
  {
    title: 'lent values that are not tokens are quoted again',
    accept: '*/*; note="a b\\"c"',
    renderers: ['application/json'],
    expected: 'application/json; note="a b\\"c"',
  },
  {
    title: 'a range as specific as the renderer stays as sent',
    accept: 'application/json; version=1.0',
    renderers: ['application/json'],
    expected: 'application/json; version=1.0',
  },
  {
    title: 'as sent means its spelling too',
    accept: 'Application/JSON;Version="1.0"',
    renderers: ['application/json'],
    expected: 'Application/JSON;Version="1.0"',
  },
  {
    title: 'as sent, without its q',
    accept: 'application/json; version=1.0; q=0.8',
    renderers: ['application/json'],
    expected: 'application/json; version=1.0',
  },
  {
    title: 'as sent, without a q in the middle',
    accept: 'application/json; q=0.8; version=1.0',
    renderers: ['application/json'],
    expected: 'application/json; version=1.0',
  },
  { title: 'the client range by q', accept: 'text/html', renderers: jsonHtml, expected: 'text/html' },
  {
    title: 'a higher q beats the renderer order',
    accept: 'application/json;q=0.5, text/html;q=0.9',
    renderers: jsonHtml,
    expected: 'text/html',
  },
  {
    title: 'equal q: the renderer listed first',
    accept: 'text/html, application/json',
    renderers: jsonHtml,
    expected: 'application/json',
  },
  {
    title: 'q=0 on the most specific range excludes the renderer',
    accept: '*/*, application/json;q=0',
    renderers: jsonHtml,
    expected: 'text/html',
  },
  {
    title: 'q=0 alone: nothing acceptable',
    accept: 'application/json;q=0',
    renderers: ['application/json'],
    expected: null,
  },
  {
    title: 'q=0.000 is zero too',
    accept: 'application/json;q=0.000',
    renderers: ['application/json'],
    expected: null,
  },
  {
    title: 'a type the API cannot render',
    accept: 'text/html',
    renderers: ['application/json'],
    expected: null,
  },
  {
    title: 'a malformed element is skipped, the rest counts',
    accept: 'text/html; level, application/json',
    renderers: jsonHtml,
    expected: 'application/json',
  },
  {
    title: 'an invalid q makes its element malformed',
    accept: 'text/html;q=2, application/json;q=0.1',
    renderers: jsonHtml,
    expected: 'application/json',
  },
  {
    title: 'q=0. (a dot without digits) is zero',
    accept: 'application/json;q=0., text/html;q=0.1',
    renderers: jsonHtml,
    expected: 'text/html',
  },
  {
    title: 'q=1. is one',
    accept: 'text/html;q=0.999, application/json;q=1.',
    renderers: ['text/html', 'application/json'],
    expected: 'application/json',
  },
  {
    title: 'q above 1 (1.001) makes its element malformed',
    accept: 'application/json;q=1.001, text/html;q=0.5',
    renderers: jsonHtml,
    expected: 'text/html',
  },
  {
    title: 'a q with four decimals makes its element malformed',
    accept: 'text/html;q=0.1234, application/json;q=0.2',
    renderers: jsonHtml,
    expected: 'application/json',
  },
  {
    title: 'a q without its leading digit makes its element malformed',
    accept: 'application/json;q=.5, text/html;q=0.4',
    renderers: jsonHtml,
    expected: 'text/html',
  },
  {
    title: 'a quoted q counts',
    accept: 'application/json;q="0.3", text/html;q=0.4',
    renderers: jsonHtml,
    expected: 'text/html',
  },
  {
    title: 'Q in upper case is the weight too',
    accept: 'application/json;Q=0, text/html',
    renderers: jsonHtml,
    expected: 'text/html',
  },
  {
    title: 'a quoted comma does not split elements',
    accept: 'application/json; note="a, text/html"',
    renderers: jsonHtml,
    expected: 'application/json; note="a, text/html"',
  },
  {
    title: 'q-values pick among subtype wildcards and types',
    accept: 'text/*;q=0.3, text/html;q=0.7, */*;q=0.1',
    renderers: ['application/json', 'text/plain', 'text/html'],
    expected: 'text/html',
  },
  {
    title: 'a renderer parameter must not conflict',
    accept: 'application/json; charset=latin1',
    renderers: ['application/json; charset=utf-8'],
    expected: null,
  },
  {
    title: 'a range without the renderer parameter covers it',
    accept: '*/*; version=2',
    renderers: ['application/json; charset=utf-8'],
    expected: 'application/json; charset=utf-8; version=2',
  },
  // RFC 9110 §12.5.1's example: flowed 1, text/plain 0.7, image/jpeg 0.5, fixed 0.4, text/html 0.3.
  {
    title: 'RFC example: flowed (1) over plain (0.7)',
    accept: rfcExample,
    renderers: ['text/plain', 'text/plain;format=flowed'],
    expected: 'text/plain;format=flowed',
  },
  {
    // A text/plain renderer honours `format=flowed` (q=1) as it honours `version=2.0` (DRF): the range that names
    // more wins at equal type, so plain (0.7) is not what a parameterless text/plain renderer answers.
    title: 'RFC example: a text/plain renderer answers flowed (1), over jpeg (0.5)',
    accept: rfcExample,
    renderers: ['image/jpeg', 'text/plain'],
    expected: 'text/plain;format=flowed',
  },
  {
    title: 'RFC example: jpeg (0.5) over fixed (0.4)',
    accept: rfcExample,
    renderers: ['text/plain;format=fixed', 'image/jpeg'],
    expected: 'image/jpeg',
  },
  {
    title: 'RFC example: fixed (0.4) over html (0.3)',
    accept: rfcExample,
    renderers: ['text/html', 'text/plain;format=fixed'],
    expected: 'text/plain;format=fixed',
  },
  {
    title: 'RFC example: html (0.3) is still acceptable',
    accept: rfcExample,
    renderers: ['text/html'],
    expected: 'text/html',
  },
];

/** Issue 12, item 3: the range that names the version wins at equal q; a version that cannot be read is a 406. */
export const versionPrecedenceCases: readonly NegotiateCase[] = [
  {
    title: 'equal q: the range with more parameters wins (DRF gives 2.0)',
    accept: 'application/json, application/json; version=2.0',
    renderers: ['application/json'],
    expected: 'application/json; version=2.0',
  },
  {
    title: 'equal q, the other order',
    accept: 'application/json; version=2.0, application/json',
    renderers: ['application/json'],
    expected: 'application/json; version=2.0',
  },
  {
    title: 'equal q among wildcards',
    accept: '*/*, */*; version=2.0',
    renderers: ['application/json'],
    expected: 'application/json; version=2.0',
  },
  {
    title: 'equal q: more parameters wins over fewer',
    accept: 'application/json; version=1.0, application/json; version=2.0; indent=4',
    renderers: ['application/json'],
    expected: 'application/json; version=2.0; indent=4',
  },
  {
    title: 'equal q and as many parameters: the first',
    accept: 'application/json; version=1.0, application/json; version=2.0',
    renderers: ['application/json'],
    expected: 'application/json; version=1.0',
  },
  {
    title: 'a higher q still decides: the client prefers any version to 2.0',
    accept: 'application/json;q=0.9, application/json;version=2.0;q=0.5',
    renderers: ['application/json'],
    expected: 'application/json',
  },
  {
    title: 'q=0 on a version refuses that version only',
    accept: 'application/json;version=2.0;q=0, application/json',
    renderers: ['application/json'],
    expected: 'application/json',
  },
  {
    title: 'q=0 on the type, a version still asked for',
    accept: 'application/json;q=0, application/json;version=2.0',
    renderers: ['application/json'],
    expected: 'application/json;version=2.0',
  },
  {
    title: 'a concrete type still beats a wildcard with parameters',
    accept: '*/*; version=2.0, application/json',
    renderers: ['application/json'],
    expected: 'application/json',
  },
  {
    title: 'a version that cannot be read (DRF answers 406 too)',
    accept: 'application/json; version=3:0',
    renderers: ['application/json'],
    expected: null,
  },
  {
    title: 'an unterminated quoted version',
    accept: 'application/json; version="2.0',
    renderers: ['application/json'],
    expected: null,
  },
  {
    title: 'an unreadable version on a wildcard names every renderer',
    accept: '*/*; version=3:0',
    renderers: ['application/json', 'text/html'],
    expected: null,
  },
  {
    title: 'an unreadable element spoils its renderer even beside a readable version',
    accept: 'application/json; version=3:0, application/json; version=2.0',
    renderers: ['application/json'],
    expected: null,
  },
  {
    title: 'an invalid q spoils its renderer too',
    accept: 'application/json;q=2',
    renderers: ['application/json'],
    expected: null,
  },
  {
    title: 'another renderer the client accepts is still served',
    accept: 'application/json; version=3:0, text/html',
    renderers: ['application/json', 'text/html'],
    expected: 'text/html',
  },
  {
    title: 'an unreadable element that names no renderer is skipped',
    accept: 'image/png; x=a:b, application/json; version=2.0',
    renderers: ['application/json'],
    expected: 'application/json; version=2.0',
  },
  {
    title: 'nothing else well formed: the renderers it does not name are served',
    accept: 'text/html; level',
    renderers: ['text/html', 'application/json'],
    expected: 'application/json',
  },
  {
    title: '*/json with a version is no media range: the JSON renderer is refused, not served without it',
    accept: '*/json; version=2.0',
    renderers: ['application/json'],
    expected: null,
  },
  {
    title: '*/json with parameters names every renderer of that subtype, whatever its type',
    accept: '*/json; version=2.0, */*;q=0.1',
    renderers: ['application/json', 'text/json', 'text/html'],
    expected: 'text/html',
  },
  {
    title: '*/json with a malformed parameter is refused the same way',
    accept: '*/json; version=3:0',
    renderers: ['application/json'],
    expected: null,
  },
  {
    title: '*/json with parameters does not name a renderer of another subtype',
    accept: '*/json; version=2.0',
    renderers: ['text/html'],
    expected: 'text/html',
  },
  {
    title: 'a bare */json asks for no version: skipped as before',
    accept: '*/json',
    renderers: jsonHtml,
    expected: 'application/json',
  },
];

export interface InvalidRenderersCase {
  readonly title: string;
  readonly renderers: unknown;
  readonly message: string;
}

export const invalidRenderersCases: readonly InvalidRenderersCase[] = [
  {
    title: 'not an array',
    renderers: 'application/json',
    message: 'renderers must be a non-empty array of media types',
  },
  { title: 'an empty array', renderers: [], message: 'renderers must be a non-empty array of media types' },
  {
    title: 'a number',
    renderers: ['application/json', 42],
    message: 'renderers[1] must be a concrete media type',
  },
  {
    title: 'a wildcard',
    renderers: ['text/*'],
    message: 'renderers[0] must be a concrete media type such as "application/json", got "text/*"',
  },
  { title: 'garbage', renderers: ['json'], message: 'got "json"' },
];
