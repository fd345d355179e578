import { describe, expect, test } from 'vitest';
import * as errors from '../src/errors.js';
import { APIException, isAPIException, NoReverseMatch, NotFound } from '../src/errors.js';

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
