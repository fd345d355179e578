// The comparison of the differential run, on answers made up here: what it counts as the same answer, and what not.
import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, test } from 'vitest';
import { compare, type Field, fields, report } from './differential.compare.js';
import { coverageRequests, type DiffRequest } from './differential.requests.js';
import type { Answer } from './differential.send.js';

const request = coverageRequests()[0] as DiffRequest;

const problem = JSON.stringify({
  type: 'about:blank',
  title: 'Bad Request',
  status: 400,
  code: 'parse_error',
});
const base: Answer = {
  status: 400,
  headers: {
    'content-type': 'application/problem+json',
    vary: 'Api-Version, Accept-Language',
    'content-language': 'en',
    link: '<https://a.test/x>; rel="deprecation"; type="text/html", <https://a.test/doc>; rel="service-desc"',
    allow: 'GET, HEAD, PUT',
  },
  body: problem,
  failure: null,
};

function withHeaders(headers: IncomingHttpHeaders, body = base.body, status = base.status): Answer {
  return { ...base, status, headers: { ...base.headers, ...headers }, body };
}

/** The fields `compare` finds different when fastify's answer is `other` and the three others `base`. */
function differing(other: Answer): readonly Field[] {
  return compare(request, [base, other, base, base])?.differing ?? [];
}

describe('the same answer, written differently', () => {
  test.each<[string, Answer]>([
    ['the same answer', base],
    [
      'media type and parameter case, spacing and quoting',
      withHeaders({ 'content-type': 'Application/Problem+JSON' }),
    ],
    ['Vary in another order and case', withHeaders({ vary: 'accept-language,api-version' })],
    ['Allow in another order', withHeaders({ allow: 'PUT,GET , HEAD' })],
    [
      'links in another order, parameters too, quoted or not',
      withHeaders({
        link: '<https://a.test/doc>;rel=service-desc, <https://a.test/x>; type=text/html; rel=deprecation',
      }),
    ],
    [
      'JSON members in another order',
      withHeaders(
        {},
        JSON.stringify({ code: 'parse_error', status: 400, title: 'Bad Request', type: 'about:blank' }),
      ),
    ],
    [
      'charset=utf-8 on a JSON type (JSON text is UTF-8)',
      withHeaders({ 'content-type': 'application/problem+json; charset=UTF-8' }),
    ],
  ])('%s', (_title, other) => {
    expect(differing(other)).toEqual([]);
  });
});

describe('a different answer', () => {
  test.each<[string, Answer, readonly Field[]]>([
    ['another status', withHeaders({}, base.body, 415), ['status']],
    ['another media type', withHeaders({ 'content-type': 'application/json' }), ['content-type']],
    [
      'a charset other than UTF-8',
      withHeaders({ 'content-type': 'application/problem+json; charset=utf-16' }),
      ['content-type parameters'],
    ],
    ['a Vary name less', withHeaders({ vary: 'Api-Version' }), ['vary']],
    ['no Content-Language', withHeaders({ 'content-language': undefined }), ['content-language']],
    ['another language', withHeaders({ 'content-language': 'fr' }), ['content-language']],
    ['a link less', withHeaders({ link: '<https://a.test/doc>; rel="service-desc"' }), ['link']],
    ['Deprecation', withHeaders({ deprecation: '@1' }), ['deprecation']],
    ['Sunset', withHeaders({ sunset: 'Thu, 01 Jan 2026 00:00:00 GMT' }), ['sunset']],
    ['a method more in Allow', withHeaders({ allow: 'GET, HEAD, PUT, POST' }), ['allow']],
    [
      'a member more in the body',
      withHeaders({}, JSON.stringify({ ...(JSON.parse(problem) as object), legacy: true })),
      ['body'],
    ],
    ['the body as text', withHeaders({ 'content-type': 'text/plain' }, problem), ['content-type', 'body']],
    ['no answer at all', { status: 0, headers: {}, body: '', failure: 'ECONNRESET' }, fields],
  ])('%s', (_title, other, expected) => {
    expect(differing(other)).toEqual(expected);
  });
});

describe('the report', () => {
  test('groups requests by kind, names the framework that differs, shows an example', () => {
    const text = report(
      [415, 415, 500].flatMap((status) => {
        const found = compare(request, [base, withHeaders({}, base.body, status), base, base]);
        return found === null ? [] : [found];
      }),
    );
    expect(text).toContain('3 request(s) answered differently, 2 kind(s)');
    expect(text).toContain(
      '#1  2 request(s)\n    status: 400 (express, hono, node) vs 415 (fastify) — fastify differs',
    );
    expect(text).toContain(
      '#2  1 request(s)\n    status: 400 (express, hono, node) vs 500 (fastify) — fastify differs',
    );
    expect(text).toContain(`example request:\n      ${request.method} ${request.path}`);
  });
});
