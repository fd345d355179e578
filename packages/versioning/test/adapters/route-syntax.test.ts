import { describe, expect, test } from 'vitest';
import { kwargsFromParams, translateRoute } from '../../src/adapters/route-syntax.js';
import { path, UrlConf, type FlatRoute } from '../../src/urls/urlconf.js';
import { translationCases } from './route-syntax.cases.js';

function routeOf(pattern: string): FlatRoute {
  const [route] = new UrlConf([path(pattern, () => undefined)]).routes();
  if (route === undefined) throw new Error(`no route for ${pattern}`);
  return route;
}

describe('translateRoute', () => {
  test.each(translationCases)('$pattern in $dialect syntax', ({ pattern, dialect, expected }) => {
    const route = routeOf(pattern);
    if ('error' in expected) {
      expect(() => translateRoute(route, dialect)).toThrow(TypeError);
      expect(() => translateRoute(route, dialect)).toThrow(expected.error);
      expect(() => translateRoute(route, dialect)).toThrow(JSON.stringify(pattern));
    } else {
      expect(translateRoute(route, dialect)).toEqual(expected);
    }
  });
});

describe('kwargsFromParams', () => {
  const keys = [
    { key: 'p0', name: 'person-id' },
    { key: 'p1', name: 'page' },
    { key: 'rest', name: 'rest' },
  ];

  test('renames to the UrlConf names and joins a wildcard given as segments', () => {
    expect(kwargsFromParams({ p0: '5', p1: '2', rest: ['a/b', 'c d'] }, keys)).toEqual({
      'person-id': '5',
      page: '2',
      rest: 'a/b/c d',
    });
  });

  test('leaves out an absent optional parameter and ignores what the router adds besides', () => {
    expect(kwargsFromParams({ p0: '5', p1: undefined, other: 'x' }, keys)).toEqual({ 'person-id': '5' });
  });

  test('reads own values only, so a parameter named like a prototype member stays absent', () => {
    expect(kwargsFromParams({}, [{ key: 'constructor', name: 'constructor' }])).toEqual({});
  });
});
