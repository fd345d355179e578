import { describe, expect, test } from 'vitest';
import { translateRoute } from '../../src/adapters/route-syntax.js';
import { path } from '../../src/urls/route-builders.js';
import type { FlatRoute } from '../../src/urls/route.types.js';
import { UrlConf } from '../../src/urls/urlconf.js';
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
