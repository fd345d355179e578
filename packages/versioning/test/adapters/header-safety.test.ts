import { describe, expect, test } from 'vitest';
import { versioned as expressVersioned } from '../../src/adapters/express/index.js';
import { versioned as fastifyVersioned } from '../../src/adapters/fastify/index.js';
import { versioned as honoVersioned } from '../../src/adapters/hono/index.js';
import { versioned as nodeVersioned } from '../../src/adapters/node/index.js';
import type { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';

const adapters = [
  ['express', expressVersioned],
  ['fastify', fastifyVersioned],
  ['hono', honoVersioned],
  ['node', nodeVersioned],
] as const;

/** A subclass that varies on something no header name can be (the getter may be overridden at any time). */
class InjectingVary extends QueryParameterVersioning {
  override get varyHeaders(): readonly string[] {
    return ['Api-Version\r\nSet-Cookie: session=stolen'];
  }
}

/** The error `run` throws: its code and message. */
function thrown(run: () => unknown): { code: unknown; message: string } | 'no error' {
  try {
    run();
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
  return 'no error';
}

const users = (options: Parameters<typeof path>[2] = {}) =>
  new UrlConf([path('/users/', () => undefined, { name: 'users-list', ...options })]);

/** Schemes whose values would reach a response header, and what the mount error must name. */
const unsafe: readonly (readonly [
  title: string,
  mount: () => readonly [UrlConf, BaseVersioning | null],
  names: string,
])[] = [
  [
    'varyHeaders of a subclass',
    () => [users(), new InjectingVary()],
    '"Api-Version\\r\\nSet-Cookie: session=stolen"',
  ],
  [
    'varyHeaders of a route’s own scheme',
    () => [users({ versioning: new InjectingVary() }), null],
    '"Api-Version\\r\\nSet-Cookie: session=stolen"',
  ],
  [
    'allowedVersions assigned after construction',
    () => {
      const scheme = new QueryParameterVersioning<string>({ allowedVersions: ['1'] });
      scheme.allowedVersions = ['1', '2\r\nX-Injected: 1'];
      return [users(), scheme];
    },
    '"2\\r\\nX-Injected: 1"',
  ],
  [
    'defaultVersion assigned after construction',
    () => {
      const scheme = new HeaderVersioning();
      scheme.defaultVersion = 'v\u20ac';
      return [users(), scheme];
    },
    '"v€"',
  ],
  [
    'a composite member’s allowedVersions assigned after the composite was used',
    () => {
      const member = new URLPathVersioning();
      const scheme = new CompositeVersioning([new HeaderVersioning(), member], { defaultVersion: '1' });
      scheme.isAllowedVersion('1');
      member.allowedVersions = ['1\n'];
      return [users({ versioning: scheme }), null];
    },
    '"1\\n"',
  ],
];

describe.each(adapters)('%s versioned(urlconf, options)', (_name, versioned) => {
  test.each(unsafe)('refuses %s at mount, before any request', (_title, setup, names) => {
    const [urlconf, scheme] = setup();
    const error = thrown(() => versioned(urlconf, { scheme }));
    expect(error).toMatchObject({ code: 'ERR_VERSIONING_INVALID_HEADER' });
    expect((error as { message: string }).message).toContain(names);
  });

  test('mounts the same schemes with values a header can carry', () => {
    const scheme = new QueryParameterVersioning<string>({ allowedVersions: ['1'] });
    scheme.allowedVersions = ['1', 'caf\u00e9 2'];
    expect(thrown(() => versioned(users(), { scheme }))).toBe('no error');
  });
});
