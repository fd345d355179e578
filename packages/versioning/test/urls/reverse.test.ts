import { afterEach, describe, expect, test } from 'vitest';
import { NoReverseMatch } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import { configure, resetSettings } from '../../src/settings.js';
import { genericReverse, replaceQueryParam, reverse } from '../../src/urls/reverse.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import {
  genericReverseCases,
  genericReverseErrorCases,
  replaceQueryParamCases,
  urlconf,
} from './reverse.cases.js';

afterEach(() => {
  resetSettings();
});

describe.each([
  ['genericReverse', genericReverse],
  ['reverse', reverse],
])('%s', (_name, reverseFn) => {
  test.each(genericReverseCases)('$title', ({ viewname, options, expected }) => {
    expect(reverseFn(viewname, { ...options, urlconf })).toBe(expected);
  });

  test.each(genericReverseCases)('$title, absolute with a request', ({ viewname, options, expected }) => {
    const request = createRequest(new Request('http://localhost:8000/anywhere/'), { urlconf });
    expect(reverseFn(viewname, { ...options, request })).toBe(`http://localhost:8000${expected}`);
  });

  test.each(genericReverseErrorCases)('$title', ({ viewname, options, message }) => {
    const call = () => reverseFn(viewname as string, options as never);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });

  test('reverses with the urlconf set by configure()', () => {
    configure({ urlconf });
    expect(reverseFn('users-detail', { kwargs: { pk: 7 } })).toBe('/users/7');
  });

  test('the urlconf option wins over the request’s, which wins over the settings’', () => {
    const other = new UrlConf([path('/other/', 'h', { name: 'users-list' })]);
    const third = new UrlConf([path('/third/', 'h', { name: 'users-list' })]);
    configure({ urlconf: third });
    const request = createRequest(new Request('http://localhost/'), { urlconf: other });
    expect(reverseFn('users-list', { request, urlconf })).toBe('http://localhost/users/');
    expect(reverseFn('users-list', { request })).toBe('http://localhost/other/');
    expect(reverseFn('users-list', { request: createRequest(new Request('http://localhost/')) })).toBe(
      'http://localhost/third/',
    );
  });

  test('a request without a versioning scheme gets the generic URL', () => {
    const request = createRequest(new Request('http://localhost/'), { urlconf });
    request.version = '2.0';
    expect(reverseFn('users-list', { request })).toBe('http://localhost/users/');
  });

  test('format is added to the kwargs tried by NoReverseMatch', () => {
    expect(() => reverseFn('users-list', { urlconf, format: 'json' })).toThrow(
      new NoReverseMatch(
        `Reverse for 'users-list' with keyword arguments '{"format":"json"}' not found. 1 pattern(s) tried: ['/users/']`,
      ),
    );
  });

  test('the caller’s kwargs are not changed by format', () => {
    const kwargs = { pk: 1 };
    reverseFn('users-detail', { urlconf, kwargs, format: 'json' });
    expect(kwargs).toEqual({ pk: 1 });
  });
});

describe('replaceQueryParam', () => {
  test.each(replaceQueryParamCases)('$url, $key=$value → $expected', ({ url, key, value, expected }) => {
    expect(replaceQueryParam(url, key, value)).toBe(expected);
  });

  test.each([
    [[1, 'k', 'v'], 'replaceQueryParam(url, key, value): url must be a string, got 1'],
    [['/p', '', 'v'], 'replaceQueryParam(url, key, value): key must be a non-empty string, got ""'],
    [['/p', 'k', 2], 'replaceQueryParam(url, key, value): value must be a string, got 2'],
    [['/p', 'k', null], 'replaceQueryParam(url, key, value): value must be a string, got null'],
  ])('%j → TypeError', (args, message) => {
    expect(() => replaceQueryParam(...(args as [string, string, string]))).toThrow(new TypeError(message));
  });
});
