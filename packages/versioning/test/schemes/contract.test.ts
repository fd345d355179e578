import { afterEach, describe, expect, test } from 'vitest';
import { APIException } from '../../src/errors.js';
import { LazyString, withLanguage } from '../../src/i18n/lazy.js';
import { BaseVersioning } from '../../src/schemes/base.js';
import { configure, resetSettings } from '../../src/settings.js';
import { genericReverse } from '../../src/urls/reverse.js';
import { path } from '../../src/urls/route-builders.js';
import { UrlConf } from '../../src/urls/urlconf.js';
import { schemeContracts } from './contract.cases.js';

afterEach(() => {
  resetSettings();
});

/** What `run` threw, for assertions on the error object itself. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe.each(schemeContracts)('$name (the contract every scheme keeps)', (contract) => {
  const { Scheme, determine } = contract;
  const restricted = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] } as const;

  test('is a BaseVersioning', () => {
    expect(new Scheme()).toBeInstanceOf(BaseVersioning);
  });

  test('a request without a version gets defaultVersion', () => {
    expect(determine(new Scheme(restricted), null, 'version')).toBe('v1');
  });

  test('no version, no default, no restriction: null', () => {
    expect(determine(new Scheme(), null, 'version')).toBeNull();
  });

  test('an allowed version is returned', () => {
    expect(determine(new Scheme(restricted), 'v2', 'version')).toBe('v2');
  });

  test.each([null, []])('allowedVersions %j allows every version', (allowedVersions) => {
    expect(determine(new Scheme({ allowedVersions }), 'v3', 'version')).toBe('v3');
  });

  test('a version that is not allowed throws the seed’s error, status, code and message', () => {
    const error = thrown(() => determine(new Scheme(restricted), 'v3', 'version'));
    expect(error).toBeInstanceOf(contract.error);
    expect(error).toBeInstanceOf(APIException);
    const apiError = error as APIException;
    expect([apiError.statusCode, apiError.code, apiError.message]).toEqual([
      contract.status,
      contract.code,
      contract.message,
    ]);
    expect(apiError.toJSON()).toMatchObject({
      status: contract.status,
      detail: contract.message,
      code: contract.code,
    });
  });

  test('the message is translated into the language active when it is read', () => {
    const error = thrown(() => determine(new Scheme(restricted), 'v3', 'version')) as APIException;
    expect(withLanguage('de', () => String(error.detail))).toBe(contract.german);
    expect(withLanguage('de-AT', () => error.message)).toBe(contract.german);
    expect(withLanguage('de', () => error.toJSON().detail)).toBe(contract.german);
    expect(error.message).toBe(contract.message);
  });

  test('without settings the attributes are null, null and "version"', () => {
    const scheme = new Scheme();
    expect([scheme.defaultVersion, scheme.allowedVersions, scheme.versionParam]).toEqual([
      null,
      null,
      'version',
    ]);
  });

  test('the settings are read at construction, not later', () => {
    configure({ defaultVersion: 'v2', allowedVersions: ['v2'], versionParam: 'api' });
    const scheme = new Scheme();
    configure({ defaultVersion: 'v9', allowedVersions: ['v9'], versionParam: 'other' });
    expect([scheme.defaultVersion, scheme.allowedVersions, scheme.versionParam]).toEqual([
      'v2',
      ['v2'],
      'api',
    ]);
    expect(determine(scheme, null, 'api')).toBe('v2');
    expect(() => determine(scheme, 'v9', 'api')).toThrow(contract.error);
  });

  test('an option that is present wins over the settings, even with null', () => {
    configure({ defaultVersion: 'v1', allowedVersions: ['v1'] });
    const scheme = new Scheme({ defaultVersion: null, allowedVersions: null });
    expect([scheme.defaultVersion, scheme.allowedVersions]).toEqual([null, null]);
    expect(determine(scheme, null, 'version')).toBeNull();
    expect(determine(scheme, 'v7', 'version')).toBe('v7');
  });

  test('a subclass field initializer wins over the options and the settings', () => {
    class Pinned extends Scheme {
      override defaultVersion = 'v2';
      override allowedVersions = ['v2'];
      override versionParam = 'pinned';
    }
    configure({ defaultVersion: 'v1', allowedVersions: ['v1'] });
    const scheme = new Pinned({
      defaultVersion: 'v1',
      allowedVersions: ['v1'],
      ...(contract.takesVersionParam ? { versionParam: 'version' } : {}),
    });
    expect([scheme.defaultVersion, scheme.allowedVersions, scheme.versionParam]).toEqual([
      'v2',
      ['v2'],
      'pinned',
    ]);
    expect(determine(scheme, null, 'pinned')).toBe('v2');
    expect(() => determine(scheme, 'v1', 'pinned')).toThrow(contract.error);
  });

  test('the attributes are mutable, and checked when used', () => {
    const scheme = new Scheme();
    scheme.allowedVersions = ['v5'];
    expect(() => determine(scheme, 'v2', 'version')).toThrow(contract.error);
    (scheme as { allowedVersions: unknown }).allowedVersions = 'v5';
    expect(() => determine(scheme, 'v5', 'version')).toThrow(
      new TypeError(`${contract.name}: allowedVersions must be an array or null, got "v5"`),
    );
  });

  test('a request that is not an object is a TypeError naming the method', () => {
    expect(() => new Scheme().determineVersion(null as never)).toThrow(
      new RegExp(
        `^${contract.name}\\.determineVersion\\(request.*\\): request must be a VersioningRequest, got null$`,
      ),
    );
  });

  test('reverse() without a request is the generic reversal', () => {
    const urlconf = new UrlConf([path('/users/:pk/', 'detail', { name: 'users-detail' })]);
    const options = { kwargs: { pk: 3 }, urlconf, query: { page: '2' } };
    expect(new Scheme(restricted).reverse('users-detail', options)).toBe(
      genericReverse('users-detail', options),
    );
    expect(new Scheme(restricted).reverse('users-detail', options)).toBe('/users/3/?page=2');
  });
});

describe.each(schemeContracts.filter((contract) => contract.ownsMessage))(
  '$name (its own message for a version that is not allowed)',
  (contract) => {
    test('invalidVersionMessage is lazily translated text with the exact English wording', () => {
      const { invalidVersionMessage } = new contract.Scheme();
      expect(invalidVersionMessage).toBeInstanceOf(LazyString);
      expect(String(invalidVersionMessage)).toBe(contract.message);
      expect(JSON.stringify({ detail: invalidVersionMessage })).toBe(
        JSON.stringify({ detail: contract.message }),
      );
    });
  },
);

describe.each(schemeContracts.filter((contract) => !contract.takesVersionParam))(
  '$name (reads no versionParam)',
  ({ name, Scheme }) => {
    test('a versionParam option is refused, naming the known options', () => {
      expect(() => new Scheme({ versionParam: 'v' })).toThrow(
        new RegExp(`^new ${name}\\(.*\\): unknown option "versionParam"; known: `),
      );
    });
  },
);

describe.each(schemeContracts.filter((contract) => contract.usesVersionParam))(
  '$name (the version travels under versionParam)',
  ({ Scheme, determine }) => {
    const restricted = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] } as const;

    test('reads the version under a custom versionParam', () => {
      const scheme = new Scheme({ ...restricted, versionParam: 'api-version' });
      expect(determine(scheme, 'v2', 'api-version')).toBe('v2');
      expect(determine(scheme, 'v2', 'version')).toBe('v1');
    });
  },
);
