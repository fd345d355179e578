import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import * as errorClasses from '../src/errors.js';
import { VersionBrownout } from '../src/lifecycle/brownout.js';
import {
  APIException,
  isAPIException,
  NoReverseMatch,
  NotFound,
  NotImplementedError,
} from '../src/errors.js';
import { createRequest } from '../src/http/request.js';
import { BaseVersioning } from '../src/schemes/base.js';
import { reverse } from '../src/urls/reverse.js';
import { path } from '../src/urls/route-builders.js';
import { UrlConf } from '../src/urls/urlconf.js';

// The problem classes: those of errors.ts, and the brownout's, which lives beside the lifecycle it belongs to.
const errors = { ...errorClasses, VersionBrownout };

/** A second copy of errors.ts, as a project with two installed copies of the package loads it. */
async function loadCopy(): Promise<typeof errors> {
  const specifier = '../src/errors.js?copy';
  return (await import(/* @vite-ignore */ specifier)) as typeof errors;
}

describe('isAPIException', () => {
  test('recognises this package’s errors and their subclasses', () => {
    class Teapot extends APIException {}
    expect(
      [new APIException(), new NotFound(), new Teapot('Short and stout.', 'teapot', 418)].map(isAPIException),
    ).toEqual([true, true, true]);
  });

  test('recognises an APIException of another copy of the package', async () => {
    const copy = await loadCopy();
    const foreign = new copy.NotFound();
    expect(foreign).not.toBeInstanceOf(APIException);
    expect(isAPIException(foreign)).toBe(true);
    expect(copy.isAPIException(new NotFound())).toBe(true);
  });

  test('does not recognise an error that merely has the shape of one', () => {
    const lookalike = Object.assign(new Error('secret'), {
      statusCode: 400,
      code: 'bad',
      toJSON: () => ({ leaked: true }),
    });
    expect(isAPIException(lookalike)).toBe(false);
    expect(isAPIException({ statusCode: 404, code: 'x', toJSON: () => ({}), detail: 'y' })).toBe(false);
  });

  test.each([null, undefined, 'NotFound', 404, new Error('x'), new NoReverseMatch('x'), Object.create(null)])(
    'is false for %s',
    (value) => {
      expect(isAPIException(value)).toBe(false);
    },
  );
});

describe('the caller errors that are not TypeErrors carry a stable code too', () => {
  /** The error `run` throws. */
  function thrown(run: () => unknown): unknown {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('nothing was thrown');
  }

  const urlconf = new UrlConf([path('/users/:pk/', null, { name: 'users-detail' })]);

  test.each([
    [
      'a view name no route has',
      () => urlconf.reverse('users-list'),
      NoReverseMatch,
      'ERR_VERSIONING_NO_REVERSE_MATCH',
    ],
    [
      'a route whose parameters were not given',
      () => reverse('users-detail', { urlconf }),
      NoReverseMatch,
      'ERR_VERSIONING_NO_REVERSE_MATCH',
    ],
    [
      'a scheme without determineVersion()',
      () => new BaseVersioning().determineVersion(createRequest(new Request('http://localhost/'))),
      NotImplementedError,
      'ERR_VERSIONING_NOT_IMPLEMENTED',
    ],
  ])('%s', (_title, run, type, code) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(type);
    expect(error).toHaveProperty('code', code);
    // Not enumerable, as `message` and the TypeErrors' code: an error logged as an object looks as it did before.
    expect(Object.keys(error as object)).not.toContain('code');
  });

  test('a subclass or a hand-made one carries it as well', () => {
    class NoSuchPage extends NoReverseMatch {}
    expect(new NoSuchPage('x')).toHaveProperty('code', 'ERR_VERSIONING_NO_REVERSE_MATCH');
    expect(new NotImplementedError('x')).toHaveProperty('code', 'ERR_VERSIONING_NOT_IMPLEMENTED');
  });
});

describe('the documentation’s error catalogue lists every code, and only codes the package uses', () => {
  const packageDir = fileURLToPath(new URL('..', import.meta.url));

  /** The codes in the first column of the table under `### Error codes` of the errors guide. */
  function catalogue(): string[] {
    const page = readFileSync(join(packageDir, '../../docs/guide/errors.md'), 'utf8').split('\n');
    const start = page.indexOf('### Error codes');
    expect(start, 'a "### Error codes" section in docs/guide/errors.md').toBeGreaterThan(-1);
    const after = page.slice(start + 1);
    const tableStart = after.findIndex((line) => line.startsWith('|'));
    const tableLength = after.slice(tableStart).findIndex((line) => !line.startsWith('|'));
    // The first table after the heading, less its header row and the row under it.
    const rows = after.slice(tableStart + 2, tableStart + tableLength);
    return rows.map((row) => /^\|\s*`([^`]+)`/.exec(row)?.[1] ?? `unreadable row: ${row}`);
  }

  /** Every `.ts` file under `src/`, as text. */
  function sources(): string[] {
    const src = join(packageDir, 'src');
    return readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(join(src, file), 'utf8'));
  }

  /** One instance of each error class: what its constructor needs to make its default code. */
  const instances: Readonly<Record<string, () => APIException>> = {
    APIException: () => new errors.APIException(),
    NotFound: () => new errors.NotFound(),
    NotAcceptable: () => new errors.NotAcceptable(),
    MethodNotAllowed: () => new errors.MethodNotAllowed('PUT', ['GET']),
    ParseError: () => new errors.ParseError(),
    DisallowedHost: () => new errors.DisallowedHost('evil.example'),
    VersionSunset: () => new errors.VersionSunset('v1'),
    AmbiguousVersion: () => new errors.AmbiguousVersion(['1', '2']),
    InvalidBody: () => new errors.InvalidBody([{ pointer: '/name', detail: 'must be string' }]),
    InvalidResponse: () =>
      new errors.InvalidResponse('user', 'v1', [{ pointer: '/id', detail: 'must be string' }]),
    UnsupportedMediaType: () => new errors.UnsupportedMediaType('text/plain'),
    PayloadTooLarge: () => new errors.PayloadTooLarge(1024),
    VersionRequired: () => new errors.VersionRequired(),
    InvalidVersion: () => new errors.InvalidVersion('soon', 'date'),
    VersionBrownout: () => new VersionBrownout('v1', new Date('2030-01-01T00:00:00Z')),
  };

  test('its rows are one per code', () => {
    const codes = catalogue();
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).toEqual([...new Set(codes)]);
  });

  test('every ERR_VERSIONING_* code in the sources is in it, and every one in it is in the sources', () => {
    const inSources = new Set(sources().flatMap((text) => text.match(/\bERR_VERSIONING_[A-Z_]+\b/g) ?? []));
    const listed = catalogue().filter((code) => code.startsWith('ERR_'));
    expect(listed.toSorted()).toEqual([...inSources].toSorted());
  });

  test('every problem+json code an error class makes, or the sources write, is in it, and nothing else', () => {
    const classes = Object.entries(errors).filter(
      ([, value]) =>
        typeof value === 'function' && (value === APIException || value.prototype instanceof APIException),
    );
    const made = classes.map(([name]) => {
      const make = instances[name];
      expect(make, `how to make a ${name} (add it to the table above)`).toBeDefined();
      return (make as () => APIException)().code;
    });
    // A problem body written out as an object (the OpenAPI documents describe some) names its code literally.
    const written = sources().flatMap((text) =>
      [...text.matchAll(/\bcode: '([a-z][a-z_]*)'/g)].map((match) => match[1] as string),
    );
    const listed = catalogue().filter((code) => !code.startsWith('ERR_'));
    expect(listed.toSorted()).toEqual([...new Set([...made, ...written])].toSorted());
  });
});
