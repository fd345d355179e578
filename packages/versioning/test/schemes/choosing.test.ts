import { describe, expect, test } from 'vitest';
import { APIException } from '../../src/errors.js';
import { withLanguage } from '../../src/i18n/index.js';
import { AcceptHeaderVersioning } from '../../src/schemes/accept-header.js';
import { BaseVersioning } from '../../src/schemes/base.js';
import { CompositeVersioning } from '../../src/schemes/composite.js';
import { HeaderVersioning } from '../../src/schemes/header.js';
import { QueryParameterVersioning } from '../../src/schemes/query-parameter.js';
import { URLPathVersioning } from '../../src/schemes/url-path.js';
import { configure, resetSettings } from '../../src/settings.js';
import {
  type Answer,
  type ChoiceCase,
  choiceCases,
  emptyCases,
  type SchemeUnderTest,
  schemesUnderTest,
} from './choosing.cases.js';

function answerOf(scheme: SchemeUnderTest, choice: ChoiceCase): Answer {
  const { request, kwargs } = scheme.ask(choice.sent);
  try {
    return { version: scheme.make(choice.options).determineVersion(request, [], kwargs) };
  } catch (error) {
    if (!(error instanceof APIException)) throw error;
    return withLanguage('en', () => ({
      status: error.statusCode,
      code: error.code,
      detail: String(error.detail),
    }));
  }
}

/** What `scheme` answers for `choice`: its own not-allowed error for 'refused'. */
function expectedOf(scheme: SchemeUnderTest, choice: ChoiceCase): Answer {
  const { expected } = choice;
  // A namespace is the server's own: a part that is not of the format is not a version, as one not allowed.
  const refused =
    expected === 'refused' ||
    (scheme.name === 'NamespaceVersioning' && 'code' in expected && expected.code === 'invalid_version');
  if (!refused) return expected;
  return {
    status: scheme.refusedStatus,
    code: scheme.refusedStatus === 404 ? 'not_found' : 'not_acceptable',
  };
}

describe.each(schemesUnderTest)('$name: choosing the version', (scheme) => {
  const cases = [...choiceCases, ...(scheme.carriesEmpty ? emptyCases : [])].filter(
    (choice) => !(choice.skip?.(scheme) ?? false),
  );
  test.each(cases)('$title', (choice) => {
    const answer = answerOf(scheme, choice);
    const expected = expectedOf(scheme, choice);
    if ('code' in expected && expected.detail === undefined) {
      expect(answer).toMatchObject(expected);
    } else {
      expect(answer).toEqual(expected);
    }
  });
});

describe('construction: mistakes are TypeErrors with a code, where the scheme is made', () => {
  const cases: readonly { title: string; make: () => unknown; code: string; message: RegExp }[] = [
    {
      title: 'a non-date in a date allow list',
      make: () => new HeaderVersioning({ allowedVersions: ['2024-01-01', 'v2'], versionFormat: 'date' }),
      code: 'ERR_VERSIONING_INVALID_VERSION',
      message: /allowedVersions\[1\] must be a real calendar date written YYYY-MM-DD.*got "v2"/,
    },
    {
      title: 'a date that is not in the calendar',
      make: () => new QueryParameterVersioning({ allowedVersions: ['2023-02-29'], versionFormat: 'date' }),
      code: 'ERR_VERSIONING_INVALID_VERSION',
      message: /allowedVersions\[0\].*got "2023-02-29"/,
    },
    {
      title: 'an unsorted date list',
      make: () =>
        new URLPathVersioning({ allowedVersions: ['2024-06-01', '2024-01-01'], versionFormat: 'date' }),
      code: 'ERR_VERSIONING_INVALID_VERSION',
      message: /strictly ascending order.*got "2024-06-01" before "2024-01-01"/,
    },
    {
      title: 'a date listed twice',
      make: () =>
        new URLPathVersioning({ allowedVersions: ['2024-01-01', '2024-01-01'], versionFormat: 'date' }),
      code: 'ERR_VERSIONING_INVALID_VERSION',
      message: /strictly ascending/,
    },
    {
      title: 'null in a date list',
      make: () => new URLPathVersioning({ allowedVersions: ['2024-01-01', null], versionFormat: 'date' }),
      code: 'ERR_VERSIONING_INVALID_VERSION',
      message: /allowedVersions\[1\].*got null/,
    },
    {
      title: 'a default that is not a date',
      make: () => new AcceptHeaderVersioning({ defaultVersion: 'latest', versionFormat: 'date' }),
      code: 'ERR_VERSIONING_INVALID_VERSION',
      message: /defaultVersion must be a real calendar date.*got "latest"/,
    },
    {
      title: 'semantic versions out of numeric order (1.10 before 1.9)',
      make: () => new HeaderVersioning({ allowedVersions: ['1.10', '1.9'], versionFormat: 'semver' }),
      code: 'ERR_VERSIONING_INVALID_VERSION',
      message: /strictly ascending order by number.*got "1.10" before "1.9"/,
    },
    {
      title: 'one semantic version spelt twice (1 and 1.0)',
      make: () => new HeaderVersioning({ allowedVersions: ['1', '1.0'], versionFormat: 'semver' }),
      code: 'ERR_VERSIONING_INVALID_VERSION',
      message: /got "1" before "1.0"/,
    },
    {
      title: 'a pre-release in a semver list',
      make: () => new HeaderVersioning({ allowedVersions: ['1.0', '2.0-rc1'], versionFormat: 'semver' }),
      code: 'ERR_VERSIONING_INVALID_VERSION',
      message: /allowedVersions\[1\] must be a version MAJOR\[.MINOR\[.PATCH\]\]/,
    },
    {
      title: 'versionRequired with a default',
      make: () => new QueryParameterVersioning({ defaultVersion: 'v1', versionRequired: true }),
      code: 'ERR_VERSIONING_CONFLICTING_OPTIONS',
      message: /versionRequired .* got defaultVersion "v1"/,
    },
    {
      title: 'versionRequired that is not a boolean',
      make: () => new QueryParameterVersioning({ versionRequired: 'yes' as unknown as boolean }),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: /versionRequired must be a boolean, got "yes"/,
    },
    {
      title: 'an unknown versionFormat',
      make: () => new QueryParameterVersioning({ versionFormat: 'calver' as 'date' }),
      code: 'ERR_VERSIONING_INVALID_ARGUMENT',
      message: /versionFormat must be one of "date", "semver", got "calver"/,
    },
    {
      title: 'a composite’s own unsorted list',
      make: () =>
        new CompositeVersioning([new HeaderVersioning()], {
          allowedVersions: ['2025-01-01', '2024-01-01'],
          versionFormat: 'date',
        }),
      code: 'ERR_VERSIONING_INVALID_VERSION',
      message: /new CompositeVersioning\(.*strictly ascending/,
    },
  ];
  test.each(cases)('$title', ({ make, code, message }) => {
    let thrown: unknown;
    try {
      make();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as { code?: unknown }).code).toBe(code);
    expect((thrown as Error).message).toMatch(message);
  });

  test('an assignment that breaks the rules is refused on the next use, naming the class', () => {
    const scheme: HeaderVersioning = new HeaderVersioning({
      allowedVersions: ['2024-01-01'] as string[],
      versionFormat: 'date',
    });
    scheme.allowedVersions = ['2024-01-01', 'later'];
    expect(() => scheme.isAllowedVersion('2024-01-01')).toThrow(/HeaderVersioning: allowedVersions\[1\]/);
    scheme.allowedVersions = ['2024-01-01', '2024-02-01'];
    expect(scheme.isAllowedVersion('2024-02-01')).toBe(true);
  });

  test('versionRequired does not take the settings’ default version', () => {
    configure({ defaultVersion: 'v1' });
    try {
      const scheme = new QueryParameterVersioning({ versionRequired: true });
      expect(scheme.defaultVersion).toBeNull();
      expect(scheme.versionRequired).toBe(true);
    } finally {
      resetSettings();
    }
  });

  test('the attributes read back as given', () => {
    const scheme = new HeaderVersioning({ allowedVersions: ['1.0'], versionFormat: 'semver' });
    expect(scheme.versionFormat).toBe('semver');
    expect(scheme.versionRequired).toBe(false);
    expect(new BaseVersioning().versionFormat).toBeNull();
  });
});

describe('a subclass that reads its own version chooses through chooseVersion()', () => {
  class TenantVersioning extends BaseVersioning {
    override determineVersion(request: Parameters<BaseVersioning['determineVersion']>[0]): string | null {
      return this.chooseVersion(
        request.headers.get('x-tenant-version'),
        () => new APIException('no', 'nope', 404),
      );
    }
  }
  const request = (headers: Record<string, string>) =>
    ({ headers: new Headers(headers) }) as unknown as Parameters<BaseVersioning['determineVersion']>[0];

  test('date format, required, its own error', () => {
    const scheme = new TenantVersioning({
      allowedVersions: ['2024-01-01', '2025-01-01'],
      versionFormat: 'date',
      versionRequired: true,
    });
    expect(scheme.determineVersion(request({ 'x-tenant-version': '2024-12-31' }))).toBe('2024-01-01');
    expect(() => scheme.determineVersion(request({}))).toThrow(
      expect.objectContaining({ code: 'version_required' }),
    );
    expect(() => scheme.determineVersion(request({ 'x-tenant-version': '2020-01-01' }))).toThrow(
      expect.objectContaining({ code: 'nope' }),
    );
  });
});
