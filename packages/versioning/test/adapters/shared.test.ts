import { describe, expect, test } from 'vitest';
import { kwargsFromParams } from '../../src/pipeline/kwargs.js';
import { renderProblem } from '../../src/pipeline/problem.js';
import { appendVary } from '../../src/pipeline/vary.js';
import { APIException, NotAcceptable, NotFound } from '../../src/errors.js';
import { gettextLazy } from '../../src/i18n/index.js';
import { notFoundCases, varyCases, varyListCases } from './shared.cases.js';

describe('renderProblem', () => {
  test.each(notFoundCases)('$title', ({ acceptLanguage, schemeVary, detail, headers, vary }) => {
    const problem = renderProblem(new NotFound(), acceptLanguage, schemeVary);
    expect(problem.status).toBe(404);
    expect(problem.headers).toEqual(headers);
    expect(problem.vary).toEqual(vary);
    expect(JSON.parse(problem.body)).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail,
      code: 'not_found',
    });
  });

  test('a plain-string detail is not translated, so it claims no language and does not vary on it', () => {
    const problem = renderProblem(new NotAcceptable('Only CSV here.'), 'de', ['Accept']);
    expect(problem.headers).toEqual({
      'content-type': 'application/problem+json',
      'x-content-type-options': 'nosniff',
    });
    expect(problem.vary).toEqual(['Accept']);
    expect(JSON.parse(problem.body)).toMatchObject({ status: 406, detail: 'Only CSV here.' });
  });

  test('a message no catalog holds comes out in English and says so', () => {
    const error = new APIException(
      gettextLazy('The teapot is %(state)s.', { state: 'empty' }),
      'teapot',
      418,
    );
    const problem = renderProblem(error, 'de');
    expect(problem.headers['content-language']).toBe('en');
    expect(JSON.parse(problem.body)).toMatchObject({
      status: 418,
      detail: 'The teapot is empty.',
      code: 'teapot',
    });
  });
});

describe('appendVary', () => {
  test.each(varyCases)('$current + Accept → $expected', ({ current, expected }) => {
    expect(appendVary(current, ['Accept'])).toBe(expected);
  });

  test('appends several fields, each once', () => {
    expect(appendVary('Cookie', ['Accept', 'Accept-Language', 'accept'])).toBe(
      'Cookie, Accept, Accept-Language',
    );
    expect(appendVary(undefined, [])).toBe('');
  });

  test.each(varyListCases)('$current + Api-Version, Accept → $expected', ({ current, expected }) => {
    expect(appendVary(current, ['Api-Version', 'Accept'])).toBe(expected);
  });
});

describe('kwargsFromParams', () => {
  const names = ['person id', 'page', 'rest'];

  test('keeps the route’s parameters and joins a wildcard given as segments', () => {
    expect(kwargsFromParams({ 'person id': '5', page: '2', rest: ['a/b', 'c d'] }, names)).toEqual({
      'person id': '5',
      page: '2',
      rest: 'a/b/c d',
    });
  });

  test('leaves out an absent optional parameter and what the router adds besides (a prefix’s, `*`)', () => {
    expect(kwargsFromParams({ 'person id': '5', page: undefined, tenant: 'x', '*': 'a' }, names)).toEqual({
      'person id': '5',
    });
  });

  test('reads own values only, and keeps a parameter named __proto__ as an own property', () => {
    expect(kwargsFromParams({}, ['constructor'])).toEqual({});
    const params = Object.create(null) as Record<string, string>;
    params['__proto__'] = 'x';
    const kwargs = kwargsFromParams(params, ['__proto__']);
    expect(Object.hasOwn(kwargs, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(kwargs)).toBe(Object.prototype);
  });
});
