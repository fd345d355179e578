import { afterEach, describe, expect, test } from 'vitest';
import { AmbiguousVersion, APIException, isAPIException, NotAcceptable } from '../../src/errors.js';
import { createRequest } from '../../src/http/request.js';
import { withLanguage } from '../../src/i18n/lazy.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { type BaseVersioning, compileVersionRules } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { MediaTypeVersioning } from '../../src/schemes/media-type-versioning.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { configure, resetSettings } from '../../src/settings.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { constructorErrorCases, determineCases, type Outcome } from './more-schemes.cases.js';

afterEach(() => {
  resetSettings();
});

function outcome(run: () => string | null): Outcome {
  try {
    return { version: run() };
  } catch (error) {
    if (!(error instanceof APIException)) throw error;
    return {
      error: error.name as 'NotFound',
      status: error.statusCode,
      message: error.message,
    };
  }
}

const template = 'application/vnd.acme.{version}+json';
const accepting = (accept: string | null, url = 'http://localhost/users/') =>
  createRequest(new Request(url, accept === null ? {} : { headers: { accept } }));

describe('determineVersion (SPEC § More schemes)', () => {
  test.each(determineCases)('$title', ({ scheme, url, headers, kwargs, expected }) => {
    const request = createRequest(new Request(url ?? 'http://localhost/users/', headers ? { headers } : {}));
    expect(outcome(() => scheme().determineVersion(request, [], kwargs))).toEqual(expected);
  });
});

describe('constructors', () => {
  test('a frozen member whose attributes are the compiled accessors is asked like any other', () => {
    const member = new HeaderVersioning();
    Object.freeze(member);
    const scheme = new CompositeVersioning([member], {
      allowedVersions: ['1', '2'],
    });
    const request = createRequest(new Request('http://localhost/', { headers: { 'api-version': '2' } }));
    expect(scheme.determineVersion(request)).toBe('2');
  });

  test.each(constructorErrorCases)('$title: a TypeError naming it', ({ build, error, message }) => {
    expect(build).toThrow(error);
    expect(build).toThrow(message);
  });

  test('an option given as undefined counts as absent', () => {
    configure({ defaultVersion: '1' });
    const scheme = new HeaderVersioning({ header: undefined, defaultVersion: undefined } as never);
    expect([scheme.header, scheme.defaultVersion]).toEqual(['Api-Version', '1']);
  });

  test('the settings’ versions apply to the new schemes as to the others', () => {
    configure({ defaultVersion: '1', allowedVersions: ['1', '2'] });
    const schemes = [
      new HeaderVersioning(),
      new MediaTypeVersioning({ template }),
      new CompositeVersioning([new HeaderVersioning()]),
    ];
    expect(schemes.map((scheme) => [scheme.defaultVersion, scheme.allowedVersions])).toEqual([
      ['1', ['1', '2']],
      ['1', ['1', '2']],
      ['1', ['1', '2']],
    ]);
  });

  test('the header and the template are kept as given', () => {
    expect(new HeaderVersioning({ header: 'x-Api-version' }).header).toBe('x-Api-version');
    expect(new MediaTypeVersioning({ template: 'Application/Vnd.Acme.{version}+JSON' }).template).toBe(
      'Application/Vnd.Acme.{version}+JSON',
    );
  });

  test('the composite keeps a frozen copy of its schemes', () => {
    const members: BaseVersioning[] = [new HeaderVersioning(), new QueryParameterVersioning()];
    const scheme = new CompositeVersioning(members);
    members.pop();
    expect(scheme.schemes).toHaveLength(2);
    expect(Object.isFrozen(scheme.schemes)).toBe(true);
  });
});

describe('varyHeaders', () => {
  test('HeaderVersioning: its header, spelled as given', () => {
    expect(new HeaderVersioning().varyHeaders).toEqual(['Api-Version']);
    expect(new HeaderVersioning({ header: 'x-api-version' }).varyHeaders).toEqual(['x-api-version']);
  });

  test('MediaTypeVersioning: Accept', () => {
    expect(new MediaTypeVersioning({ template }).varyHeaders).toEqual(['Accept']);
  });

  test('CompositeVersioning: every member’s, each once (case-insensitively), in the members’ order', () => {
    const scheme = new CompositeVersioning([
      new URLPathVersioning(),
      new HeaderVersioning(),
      new AcceptHeaderVersioning(),
      new MediaTypeVersioning({ template }),
      new HeaderVersioning({ header: 'API-VERSION' }),
      new HeaderVersioning({ header: 'X-Version' }),
    ]);
    expect(scheme.varyHeaders).toEqual(['Api-Version', 'Accept', 'X-Version']);
    expect(new CompositeVersioning([new QueryParameterVersioning()]).varyHeaders).toEqual([]);
  });

  test('the lists cannot be changed from outside', () => {
    for (const scheme of [new HeaderVersioning(), new CompositeVersioning([new HeaderVersioning()])]) {
      expect(Object.isFrozen(scheme.varyHeaders)).toBe(true);
    }
  });
});

describe('MediaTypeVersioning and the negotiated media type', () => {
  const scheme = new MediaTypeVersioning({ template, defaultVersion: 'v1' });

  test('the vendor type becomes request.acceptedMediaType, written as the template is', () => {
    const request = accepting('text/html;q=0.1, Application/VND.ACME.v2+JSON; charset=utf-8');
    expect(scheme.determineVersion(request)).toBe('v2');
    expect(request.acceptedMediaType).toBe('application/vnd.acme.v2+json');
  });

  test('a vendor type alone is acceptable for the JSON renderer', () => {
    const plain = accepting('application/vnd.acme.v2+json');
    expect(() => plain.acceptedMediaType).toThrow(NotAcceptable);
    const versioned = accepting('application/vnd.acme.v2+json');
    scheme.determineVersion(versioned);
    expect(versioned.acceptedMediaType).toBe('application/vnd.acme.v2+json');
  });

  test('without a vendor type, negotiation decides as usual', () => {
    const request = accepting('*/*');
    expect(scheme.determineVersion(request)).toBe('v1');
    expect(request.acceptedMediaType).toBe('application/json');
  });

  test('a refused version leaves the negotiated type alone', () => {
    const request = accepting('application/vnd.acme.v3+json, application/json;q=0.5');
    const strict = new MediaTypeVersioning({ template, allowedVersions: ['v1'] });
    expect(() => strict.determineVersion(request)).toThrow(NotAcceptable);
    expect(request.acceptedMediaType).toBe('application/json');
  });

  test('responseMediaType(): the vendor type the request asked for, else null; never throws', () => {
    const vendor = accepting('application/vnd.acme.v2+json');
    scheme.determineVersion(vendor);
    expect(scheme.responseMediaType(vendor)).toBe('application/vnd.acme.v2+json');
    const plain = accepting('application/json');
    scheme.determineVersion(plain);
    expect(scheme.responseMediaType(plain)).toBeNull();
    const unacceptable = accepting('text/html');
    expect(scheme.determineVersion(unacceptable)).toBe('v1');
    expect(scheme.responseMediaType(unacceptable)).toBeNull();
  });

  test('a composite answers responseMediaType() through its media type member', () => {
    const composite = new CompositeVersioning([new HeaderVersioning(), scheme]);
    const request = accepting('application/vnd.acme.v2+json');
    expect(composite.determineVersion(request)).toBe('v2');
    expect(composite.responseMediaType(request)).toBe('application/vnd.acme.v2+json');
    expect(new CompositeVersioning([new HeaderVersioning()]).responseMediaType(request)).toBeNull();
  });

  test('mediaTypeFor(version) fills the template, refusing what cannot be in it', () => {
    expect(scheme.mediaTypeFor('2.1')).toBe('application/vnd.acme.2.1+json');
    expect(() => scheme.mediaTypeFor('v 2')).toThrow(
      new TypeError(
        'MediaTypeVersioning.mediaTypeFor(version): version must match [A-Za-z0-9._-]+, got "v 2"',
      ),
    );
    expect(() => scheme.mediaTypeFor(null as never)).toThrow('got null');
  });

  test('responseMediaType() of something that is not a request is a TypeError naming it', () => {
    expect(() => scheme.responseMediaType(undefined as never)).toThrow(
      'MediaTypeVersioning.responseMediaType(request): request must be a VersioningRequest, got undefined',
    );
  });
});

describe('CompositeVersioning leaves its members as they were', () => {
  const header = new HeaderVersioning({ defaultVersion: '9', allowedVersions: ['9'] });
  const query = new QueryParameterVersioning({ defaultVersion: '8' });
  const composite = new CompositeVersioning([header, query], { allowedVersions: ['1', '2'] });
  const attributes = () => [
    header.defaultVersion,
    header.allowedVersions,
    query.defaultVersion,
    query.allowedVersions,
  ];
  const before = attributes();

  test.each([
    ['a version', '2', ''],
    ['an ambiguous request', '2', '?version=1'],
    ['a refused version', '7', ''],
  ])('after %s', (_title, version, query) => {
    const request = createRequest(
      new Request(`http://localhost/${query}`, { headers: { 'api-version': version } }),
    );
    outcome(() => composite.determineVersion(request));
    expect(attributes()).toEqual(before);
    expect(header.determineVersion(createRequest(new Request('http://localhost/')))).toBe('9');
  });
});

describe('determineVersionWith(): a scheme asked under other version rules', () => {
  const request = (url: string) => createRequest(new Request(url));

  test('answers by the rules given, and leaves the scheme’s own as they were', () => {
    const scheme = new QueryParameterVersioning({ defaultVersion: '9', allowedVersions: ['9'] });
    const carriedOnly = compileVersionRules(null, null);
    expect(scheme.determineVersionWith(carriedOnly, request('http://localhost/?version=2'))).toBe('2');
    expect(scheme.determineVersionWith(carriedOnly, request('http://localhost/'))).toBeNull();
    const strict = compileVersionRules('1', ['1']);
    expect(() => scheme.determineVersionWith(strict, request('http://localhost/?version=2'))).toThrow(
      'Invalid version in query parameter.',
    );
    expect([scheme.defaultVersion, scheme.allowedVersions]).toEqual(['9', ['9']]);
    expect(scheme.determineVersion(request('http://localhost/'))).toBe('9');
  });

  test('a subclass reading its attributes reads the rules while it is asked', () => {
    const seen: unknown[] = [];
    class Reading extends QueryParameterVersioning {
      override determineVersion(request: Parameters<BaseVersioning['determineVersion']>[0]) {
        seen.push([this.defaultVersion, this.allowedVersions]);
        return super.determineVersion(request);
      }
    }
    const scheme = new Reading({ defaultVersion: '9', allowedVersions: ['9'] });
    scheme.determineVersionWith(compileVersionRules('1', ['1', '2']), request('http://localhost/'));
    scheme.determineVersion(request('http://localhost/'));
    expect(seen).toEqual([
      ['1', ['1', '2']],
      ['9', ['9']],
    ]);
  });

  test('a composite compiles its members’ attributes once, not on every request', () => {
    let compilations = 0;
    class Counted extends QueryParameterVersioning {
      protected override compileAttributes(): void {
        compilations++;
      }
    }
    const composite = new CompositeVersioning([new HeaderVersioning(), new Counted()], {
      allowedVersions: ['1', '2'],
    });
    for (const url of ['http://localhost/?version=2', 'http://localhost/?version=7', 'http://localhost/']) {
      outcome(() => composite.determineVersion(request(url)));
    }
    expect(compilations).toBe(1);
  });
});

describe('reverse()', () => {
  const urlconf = new UrlConf([
    path('/:version/users/', 'list', { name: 'versioned-list' }),
    path('/users/', 'list', { name: 'users-list' }),
  ]);
  const reverseWith = (scheme: BaseVersioning, name: string, version: string) => {
    const request = createRequest(new Request('http://localhost/anywhere/'), { urlconf });
    request.version = version;
    request.versioningScheme = scheme;
    return scheme.reverse(name, { request });
  };

  test('HeaderVersioning and MediaTypeVersioning: the generic reversal, the link carries no version', () => {
    expect(reverseWith(new HeaderVersioning(), 'users-list', '2')).toBe('http://localhost/users/');
    expect(reverseWith(new MediaTypeVersioning({ template }), 'users-list', 'v2')).toBe(
      'http://localhost/users/',
    );
  });

  test('CompositeVersioning: the way its first member carries the version', () => {
    const query = new CompositeVersioning([new QueryParameterVersioning(), new HeaderVersioning()]);
    expect(reverseWith(query, 'users-list', '2')).toBe('http://localhost/users/?version=2');
    const urlPath = new CompositeVersioning([new URLPathVersioning(), new HeaderVersioning()]);
    expect(reverseWith(urlPath, 'versioned-list', 'v2')).toBe('http://localhost/v2/users/');
    const header = new CompositeVersioning([new HeaderVersioning(), new QueryParameterVersioning()]);
    expect(reverseWith(header, 'users-list', '2')).toBe('http://localhost/users/');
  });
});

describe('AmbiguousVersion', () => {
  const error = new AmbiguousVersion(['1', '2.0', 'say "hi"']);

  test('a 400 APIException with code ambiguous_version and the versions it names', () => {
    expect(error).toBeInstanceOf(APIException);
    expect(isAPIException(error)).toBe(true);
    expect([error.name, error.statusCode, error.code]).toEqual([
      'AmbiguousVersion',
      400,
      'ambiguous_version',
    ]);
    expect(error.versions).toEqual(['1', '2.0', 'say "hi"']);
    expect(error.toJSON()).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The request asks for more than one version: "1", "2.0", "say \\"hi\\"".',
      code: 'ambiguous_version',
    });
  });

  test('its detail is translated when read', () => {
    expect(withLanguage('de', () => error.message)).toBe(
      'Die Anfrage verlangt mehr als eine Version: "1", "2.0", "say \\"hi\\"".',
    );
    expect(withLanguage('ja', () => new AmbiguousVersion(['1', '2']).message)).toBe(
      'リクエストが複数のバージョンを指定しています："1", "2"。',
    );
  });

  test('versions that are not an array of strings are a TypeError naming them', () => {
    expect(() => new AmbiguousVersion('1, 2' as never)).toThrow(
      new TypeError('new AmbiguousVersion(versions): versions must be an array of strings, got "1, 2"'),
    );
    expect(() => new AmbiguousVersion(['1', 2] as never)).toThrow(
      new TypeError('new AmbiguousVersion(versions): versions[1] must be a string, got 2'),
    );
  });
});
