import { checkSync } from 'recheck';
import { describe, expect, test } from 'vitest';
import { include, path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

/**
 * Every regexp a UrlConf generates must run in time linear in the path's length. Like path-to-regexp's own
 * suite, this asks a static ReDoS analyser (recheck) instead of timing runs: it proves a regexp safe or finds
 * an attack string, the same on every machine. A control shows it flags the quadratic regexp that
 * path-to-regexp 0.1 generated for `/:a-:b`.
 */
const urlconf = new UrlConf([
  path('/', 'h'),
  path('/users/:pk/', 'h'),
  path('/:a-:b/', 'h'),
  path('/:a.:b', 'h'),
  path('/x/:a-:b-:c', 'h'),
  path('/items/:pk{.:format}', 'h'),
  path('/reports{/:kind}{/:year}/', 'h'),
  path('/files/*rest', 'h'),
  path('/w/*a/:b/', 'h'),
  path('/w2/*a/*b', 'h'),
  path('/w3/*a-:b', 'h'),
  path('/w4/*a.:ext', 'h'),
  path('/w5/:a/*b/:c/*d', 'h'),
  path('/w6/*a{/:b}/end', 'h'),
  include('/:version', [path('/things/:pk/', 'h'), path('/café/*rest', 'h')], { namespace: 'v' }),
]);

function redosStatus(pattern: RegExp): string {
  return checkSync(pattern.source, pattern.flags).status;
}

describe('generated regexps are linear (ReDoS-safe, checked statically)', () => {
  test('the checker flags a quadratic regexp (path-to-regexp 0.1 for /:a-:b)', () => {
    expect(redosStatus(/^\/(?:([^/]+?))-(?:([^/]+?))\/?$/)).toBe('vulnerable');
  });

  test.each([...urlconf.routes()].map((route) => [route.pattern, route] as const))(
    '%s',
    (_pattern, route) => {
      expect(redosStatus(route.regexp)).toBe('safe');
    },
  );
});
