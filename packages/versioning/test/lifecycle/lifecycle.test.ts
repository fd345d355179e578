import { describe, expect, test } from 'vitest';
import { createRequest } from '../../src/http/request.js';
import type { PipelineRequest } from '../../src/http/request.js';
import type { LifecycleOptions } from '../../src/lifecycle/lifecycle.js';
import { decide, type Outcome } from '../../src/pipeline/decide.js';
import { compilePlan } from '../../src/pipeline/plan.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import type { FlatRoute } from '../../src/urls/route.types.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { admitCases, mountErrorCases, policies, scheme, urlconf, v1Fields } from './lifecycle.cases.js';

/** A problem the pipeline answered with: its body. */
interface Answered {
  readonly problem: Readonly<Record<string, unknown>>;
}

/**
 * The pipeline's decision for each request of every route of `conf`, with `fallback` as the mount's scheme, on a
 * clock `time()` reads: the route that answers or the problem, and the lifecycle's header fields.
 */
function mount(conf: UrlConf, fallback: BaseVersioning | null, options: LifecycleOptions) {
  const plan = compilePlan(conf, { ...options, scheme: fallback }, 'test');
  return (name: string, target: string, method = 'GET') => {
    const index = plan.routes.findIndex(({ route }) => route.handler === name);
    const routePlan = plan.routes[index];
    const match = routePlan?.route.match(target);
    if (!routePlan || !match) throw new Error(`route ${name} does not match ${target}`);
    const request = createRequest(new Request(`http://localhost${target}`, { method }), { urlconf: conf });
    request.resolverMatch = match;
    // No pinVersion on these mounts: the outcome is there at once.
    const decided = decide(routePlan, request as PipelineRequest, match.kwargs) as Outcome;
    const headers: Record<string, string> = {};
    for (const [field, value] of decided.fields) {
      const key = field.toLowerCase();
      headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
    }
    const answered: FlatRoute | Answered =
      decided.kind === 'serve'
        ? decided.route
        : { problem: JSON.parse(decided.body) as Readonly<Record<string, unknown>> };
    return { answered, headers, version: request.version };
  };
}

function outcome(answered: FlatRoute | Answered) {
  if (!('problem' in answered)) return { route: answered.handler };
  const { type: _type, title: _title, ...problem } = answered.problem;
  return problem;
}

describe('admit(): the headers and answers of each request, through a version lifecycle', () => {
  let now = 0;
  const admit = mount(urlconf, scheme, {
    policies,
    reportVersions: true,
    enforceSunset: true,
    clock: () => now,
  });

  test.each(admitCases)('$title', ({ at, method, path: target, routedTo, answer, headers }) => {
    now = Date.parse(at);
    const result = admit(routedTo, target, method);
    expect(outcome(result.answered)).toEqual(answer);
    expect(result.headers).toEqual(headers);
  });
});

describe('options', () => {
  test('without enforceSunset a version past its sunset is answered, still with its headers', () => {
    const admit = mount(urlconf, scheme, { policies, clock: () => Date.UTC(2030, 0, 1) });
    const { answered, headers } = admit('users', '/v1/users/');
    expect(outcome(answered)).toEqual({ route: 'users' });
    expect(headers).toEqual(v1Fields);
  });

  test('without enforceSunset the version errors still leave out the versions past their sunset', () => {
    const admit = mount(urlconf, scheme, { policies, clock: () => Date.UTC(2030, 0, 1) });
    expect(outcome(admit('users', '/v0/users/').answered)).toMatchObject({ supportedVersions: ['v2', 'v3'] });
  });

  test('with no options at all: no headers, and the version errors list the allowed versions', () => {
    const admit = mount(urlconf, scheme, {});
    expect(admit('users', '/v1/users/').headers).toEqual({});
    expect(outcome(admit('users', '/v0/users/').answered)).toMatchObject({
      supportedVersions: ['v1', 'v2', 'v3'],
    });
  });

  test('a scheme that allows every version: no supportedVersions, and policies still apply', () => {
    const open = new URLPathVersioning();
    const conf = new UrlConf([path('/:version/users/', 'users')]);
    const admit = mount(conf, open, { policies: { anything: { deprecation: '2025-01-01' } } });
    expect(admit('users', '/anything/users/').headers).toEqual({ deprecation: '@1735689600' });
    expect(admit('users', '/v7/users/').headers).toEqual({});
  });

  test('the clock may give a Date; one that gives anything else is a TypeError naming it', () => {
    const byDate = mount(urlconf, scheme, {
      reportVersions: true,
      policies,
      clock: () => new Date('2025-02-01T00:00:00Z'),
    });
    expect(byDate('users', '/v3/users/').headers).toEqual({
      'api-supported-versions': 'v2, v3',
      'api-deprecated-versions': 'v1',
    });
    const broken = mount(urlconf, scheme, { reportVersions: true, clock: () => '2025' as never });
    expect(() => broken('users', '/v3/users/')).toThrow(
      new TypeError('test: options.clock() must return a Date or milliseconds since 1970, got "2025"'),
    );
  });

  test('a version past its sunset with no deprecation date is reported deprecated, not supported', () => {
    const admit = mount(urlconf, scheme, {
      reportVersions: true,
      policies: { v2: { sunset: '2025-01-01' } },
      clock: () => Date.UTC(2025, 0, 1),
    });
    expect(admit('users', '/v3/users/').headers).toEqual({
      'api-supported-versions': 'v1, v3',
      'api-deprecated-versions': 'v2',
    });
  });
});

describe('checked when mounting', () => {
  test.each(mountErrorCases)('$title → TypeError', ({ routes, scheme: fallback, options, message }) => {
    const conf = new UrlConf(routes());
    const call = () => mount(conf, fallback, options as LifecycleOptions);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });

  test('a policy for an unknown version is fine when some route allows every version', () => {
    const conf = new UrlConf([
      path('/:version/a/', 'a'),
      path('/b/', 'b', { versioning: new URLPathVersioning() }),
    ]);
    expect(() => mount(conf, scheme, { policies: { v7: {} } })).not.toThrow();
  });

  test("a policy for a scheme's default version, not in its list, is accepted", () => {
    const withDefault = new URLPathVersioning({ defaultVersion: 'v0', allowedVersions: ['v1'] });
    const conf = new UrlConf([path('/:version/a/', 'a')]);
    expect(() => mount(conf, withDefault, { policies: { v0: {} } })).not.toThrow();
  });
});
