import { describe, expect, test } from 'vitest';
import { versioned as expressVersioned } from '../../src/adapters/express/index.js';
import { versioned as fastifyVersioned } from '../../src/adapters/fastify/index.js';
import { versioned as honoVersioned } from '../../src/adapters/hono/index.js';
import { versioned as nodeVersioned } from '../../src/adapters/node/index.js';
import type { AdapterOptions } from '../../src/adapters/shared.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const adapters = [
  ['express', expressVersioned],
  ['fastify', fastifyVersioned],
  ['hono', honoVersioned],
  ['node', nodeVersioned],
] as const;

const urlconf = new UrlConf([path('/:version/users/', () => undefined, { name: 'users-list' })]);
const scheme = new URLPathVersioning();

/** Arguments a caller can get wrong (typed loosely on purpose), and what the error must name. */
const mistakes: readonly (readonly [title: string, urlconf: unknown, options: unknown, message: RegExp])[] = [
  ['a route list instead of a UrlConf', [], { scheme }, /urlconf must be a UrlConf, got an array/],
  ['no options', urlconf, undefined, /options must be an object, got undefined/],
  ['no scheme', urlconf, {}, /options\.scheme must be a versioning scheme .* or null, got undefined/],
  [
    'a scheme class instead of an instance',
    urlconf,
    { scheme: URLPathVersioning },
    /options\.scheme .* got a function/,
  ],
  ['a misspelt option', urlconf, { scheme, allowedHost: ['x'] }, /unknown option "allowedHost"/],
  [
    'pinVersion that is not a function',
    urlconf,
    { scheme, pinVersion: 'v1' },
    /options\.pinVersion must be a function \(request\) => version, got "v1"/,
  ],
  [
    'pinVersion with a scheme not built on BaseVersioning',
    urlconf,
    { scheme: { determineVersion: () => 'v1', varyHeaders: [] }, pinVersion: () => null },
    /options\.pinVersion needs the schemes of its routes to be built on BaseVersioning, but route "\/:version\/users\/"/,
  ],
  [
    'allowedHosts as a string',
    urlconf,
    { scheme, allowedHosts: 'example.com' },
    /allowedHosts must be an array .* got "example\.com"/,
  ],
  [
    'trustProxy as a string',
    urlconf,
    { scheme: null, trustProxy: 'yes' },
    /trustProxy must be a boolean, got "yes"/,
  ],
  [
    'a policy date that names no time zone',
    urlconf,
    { scheme, policies: { v1: { sunset: '2025-07-01T00:00' } } },
    /options\.policies\["v1"\]\.sunset has no time zone/,
  ],
  [
    'since that the scheme does not allow',
    new UrlConf([path('/:version/users/', () => undefined, { since: 'v3' })]),
    { scheme: new URLPathVersioning({ allowedVersions: ['v1', 'v2'] }) },
    /route "\/:version\/users\/": since "v3" is not an allowed version/,
  ],
  ['a clock that is a number', urlconf, { scheme, clock: 0 }, /options\.clock must be a function/],
  [
    'a handler that is not a function',
    new UrlConf([path('/users/', 'users-list')]),
    { scheme },
    /handler of route "\/users\/" must be a function, got "users-list"/,
  ],
];

describe.each(adapters)('%s versioned(urlconf, options)', (name, versioned) => {
  test.each(mistakes)('rejects %s with a TypeError naming it', (_title, badUrlconf, options, message) => {
    const call = () => versioned(badUrlconf as UrlConf, options as AdapterOptions);
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
    expect(call).toThrow(`${name} versioned(urlconf, options)`);
  });

  test('its errors carry the stable code of their kind', () => {
    const codeOf = (call: () => unknown): unknown => {
      try {
        call();
      } catch (error) {
        return (error as { code?: unknown }).code;
      }
      return 'no error';
    };
    expect(codeOf(() => versioned([] as unknown as UrlConf, { scheme }))).toBe(
      'ERR_VERSIONING_INVALID_ARGUMENT',
    );
    expect(codeOf(() => versioned(urlconf, { scheme, problem: true } as AdapterOptions))).toBe(
      'ERR_VERSIONING_UNKNOWN_OPTION',
    );
    const unversionable = new UrlConf([path('/users/', () => undefined)]);
    expect(codeOf(() => versioned(unversionable, { scheme }))).toBe('ERR_VERSIONING_INVALID_ROUTE');
  });

  test('accepts a scheme, or null for unversioned routes', () => {
    expect(() => versioned(urlconf, { scheme })).not.toThrow();
    expect(() => versioned(urlconf, { scheme: null, allowedHosts: ['*'], trustProxy: true })).not.toThrow();
  });
});
