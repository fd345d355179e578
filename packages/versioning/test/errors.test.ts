import { describe, expect, test } from 'vitest';
import * as errors from '../src/errors.js';
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
