import { afterEach, describe, expect, test } from 'vitest';
import { APIException, NotImplementedError } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { BaseVersioning, type VersioningOptions } from '../../src/schemes/base.js';
import { HostNameVersioning } from '../../src/schemes/hostname.js';
import { NamespaceVersioning } from '../../src/schemes/namespace.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { configure, resetSettings } from '../../src/settings.js';
import {
  allowedCases,
  constructorErrorCases,
  determineCases,
  namespacedUrlconf,
  type Outcome,
  type SchemeKey,
} from './schemes.cases.js';

afterEach(() => {
  resetSettings();
});

const schemes: Readonly<Record<SchemeKey, new (options?: VersioningOptions) => BaseVersioning>> = {
  accept: AcceptHeaderVersioning,
  'url-path': URLPathVersioning,
  namespace: NamespaceVersioning,
  hostname: HostNameVersioning,
  query: QueryParameterVersioning,
};

function outcome(run: () => string | null): Outcome {
  try {
    return { version: run() };
  } catch (error) {
    if (!(error instanceof APIException)) throw error;
    return { error: error.name as 'NotFound', message: error.message };
  }
}

const localRequest = (url = 'http://localhost/') =>
  createRequest(new Request(url), { allowedHosts: ['.example.com', 'localhost'] });

describe('determineVersion (seed § Versioning)', () => {
  test.each(determineCases)('$scheme: $title', ({ scheme, options, url, headers, kwargs, expected }) => {
    const request = createRequest(new Request(url ?? 'http://localhost/', headers ? { headers } : {}), {
      allowedHosts: ['.example.com', 'localhost', '[::1]'],
      urlconf: namespacedUrlconf,
    });
    expect(outcome(() => new schemes[scheme](options).determineVersion(request, [], kwargs))).toEqual(
      expected,
    );
  });
});

describe('isAllowedVersion (seed § Scheme operations)', () => {
  test.each(allowedCases)('$title', ({ defaultVersion, allowedVersions, version, allowed }) => {
    expect(new BaseVersioning({ defaultVersion, allowedVersions }).isAllowedVersion(version)).toBe(allowed);
  });
});

describe('BaseVersioning', () => {
  test('determineVersion() must be implemented: NotImplementedError naming the class', () => {
    const call = () => new BaseVersioning().determineVersion(localRequest());
    expect(call).toThrow(NotImplementedError);
    expect(call).toThrow(new NotImplementedError('BaseVersioning.determineVersion() must be implemented.'));
  });

  test('a subclass that does not override it is named in the message', () => {
    class Foo extends BaseVersioning {}
    expect(() => new Foo().determineVersion(localRequest())).toThrow(
      'Foo.determineVersion() must be implemented.',
    );
  });

  test('NotImplementedError is an Error, not an APIException (a server bug, not a client’s)', () => {
    const error = new NotImplementedError('x');
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(APIException);
    expect(error.name).toBe('NotImplementedError');
  });

  test('a subclass implementing determineVersion uses the inherited checks', () => {
    class HeaderVersioning extends BaseVersioning {
      override determineVersion(request: ReturnType<typeof localRequest>): string | null {
        return request.headers.get('x-api-version') ?? this.defaultVersion;
      }
    }
    const scheme = new HeaderVersioning({ allowedVersions: ['1', '2'] });
    const request = createRequest(new Request('http://localhost/', { headers: { 'x-api-version': '2' } }));
    expect(scheme.determineVersion(request)).toBe('2');
    expect(scheme.isAllowedVersion('3')).toBe(false);
  });

  test.each(constructorErrorCases)('constructor: $title is a TypeError naming it', ({ options, message }) => {
    expect(() => new URLPathVersioning(options as VersioningOptions)).toThrow(new TypeError(message));
  });

  test('an option given as undefined counts as absent', () => {
    configure({ defaultVersion: 'v1' });
    expect(
      new URLPathVersioning({ defaultVersion: undefined } as unknown as VersioningOptions).defaultVersion,
    ).toBe('v1');
  });

  test('allowedVersions is copied: changing the caller’s array later changes nothing', () => {
    const versions = ['v1'];
    const scheme = new URLPathVersioning({ allowedVersions: versions });
    versions.push('v2');
    expect(scheme.isAllowedVersion('v2')).toBe(false);
    expect(Object.isFrozen(scheme.allowedVersions)).toBe(true);
  });
});

describe('HostNameVersioning.hostnameRegex', () => {
  const request = createRequest(new Request('http://api-v2.example.com:8000/'), {
    allowedHosts: ['.example.com'],
  });

  test('a subclass may override it; group 1 is the version', () => {
    class PrefixVersioning extends HostNameVersioning {
      override hostnameRegex = /^api-([a-z0-9]+)\.example\.com$/;
    }
    expect(new PrefixVersioning().determineVersion(request)).toBe('v2');
  });

  test('an instance property, so one scheme can be given another', () => {
    const scheme = new HostNameVersioning();
    expect(scheme.determineVersion(request)).toBeNull();
    scheme.hostnameRegex = /^api-([a-z0-9]+)\./;
    expect(scheme.determineVersion(request)).toBe('v2');
  });

  test('a global regex gives the same answer every time (lastIndex is reset)', () => {
    const scheme = new HostNameVersioning();
    scheme.hostnameRegex = /^api-([a-z0-9]+)\./g;
    expect([scheme.determineVersion(request), scheme.determineVersion(request)]).toEqual(['v2', 'v2']);
  });

  test('a match without group 1 counts as no match', () => {
    const scheme = new HostNameVersioning({ defaultVersion: 'v1' });
    scheme.hostnameRegex = /^api-(x)?/;
    expect(scheme.determineVersion(request)).toBe('v1');
  });

  test('something that is not a RegExp is a TypeError', () => {
    const scheme = new HostNameVersioning();
    (scheme as { hostnameRegex: unknown }).hostnameRegex = '^(v1)\\.';
    expect(() => scheme.determineVersion(request)).toThrow(
      'HostNameVersioning: hostnameRegex must be a RegExp, got "^(v1)\\\\."',
    );
  });
});

describe('URLPathVersioning kwargs', () => {
  test('kwargs that are not an object is a TypeError', () => {
    expect(() => new URLPathVersioning().determineVersion(localRequest(), [], 'v1' as never)).toThrow(
      'URLPathVersioning.determineVersion(request, args, kwargs): kwargs must be an object, got "v1"',
    );
  });

  test('a captured value that is not a string is a TypeError', () => {
    expect(() =>
      new URLPathVersioning().determineVersion(localRequest(), [], { version: 2 } as never),
    ).toThrow(
      'URLPathVersioning.determineVersion(request, args, kwargs): kwargs.version must be a string, got 2',
    );
  });

  test('a null captured value means absent (DRF: None)', () => {
    const scheme = new URLPathVersioning({ defaultVersion: 'v1' });
    expect(scheme.determineVersion(localRequest(), [], { version: null } as never)).toBe('v1');
  });
});
