import { performance } from 'node:perf_hooks';
import type { Token } from 'path-to-regexp';
import { describe, expect, test } from 'vitest';
import { include, path, UrlConf } from '../../src/urls/urlconf.js';

/**
 * Every regexp a UrlConf generates must run in time linear in the path's length (path-to-regexp 8 blocks
 * backtracking; its own tests check this with a ReDoS analyser). Here the growth is measured: the time of adversarial
 * inputs of length n and 16n. Linear costs grow about 16×, quadratic ones about 256×; the bound 64 separates
 * them without depending on the machine's speed. A control proves the measure catches a quadratic regexp.
 */
const urlconf = new UrlConf([
  path('/', 'h'),
  path('/users/:pk/', 'h'),
  path('/:a-:b/', 'h'),
  path('/:a.:b', 'h'),
  path('/x/:a-:b-:c', 'h'),
  path('/items/:pk{.:format}', 'h'),
  path('/reports{/:kind}{/:year}/', 'h'),
  path('/files/*rest', 'h'),
  path('/w/*a/:b/', 'h'),
  path('/w2/*a/*b', 'h'),
  path('/w3/*a-:b', 'h'),
  path('/w4/*a.:ext', 'h'),
  path('/w5/:a/*b/:c/*d', 'h'),
  path('/w6/*a{/:b}/end', 'h'),
  include('/:version', [path('/things/:pk/', 'h'), path('/café/*rest', 'h')], { namespace: 'v' }),
]);

const small = 500;
const large = small * 16;
const maxGrowth = 64;

/** Literal texts of a route, groups included: the characters its regexp is built from. */
function texts(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token) =>
    token.type === 'text' ? [token.value] : token.type === 'group' ? texts(token.tokens) : [],
  );
}

/**
 * Inputs built to make a backtracking regexp work hard: after a plausible start, a long run of one pair of the
 * pattern's own characters, then nothing or a character no route accepts there.
 */
function adversarialInputs(literals: readonly string[], length: number): string[] {
  const alphabet = [...new Set([...Array.from(literals.join('')), '/', '-', '.', 'a'])];
  const pumps = alphabet.flatMap((first) => alphabet.map((second) => first + second));
  const inputs: string[] = [];
  for (const start of new Set(['', '/', literals[0] ?? ''])) {
    for (const pump of pumps) {
      const body = start + pump.repeat(length / pump.length);
      inputs.push(body, `${body}\u0000`, `${body}/\u0000`);
    }
  }
  return inputs;
}

/** Time of one pass over the inputs, the least of a few runs (the others include interruptions). */
function passTime(pattern: RegExp, inputs: readonly string[]): number {
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    let passes = 0;
    const start = performance.now();
    let elapsed: number;
    do {
      for (const input of inputs) pattern.exec(input);
      passes++;
      elapsed = performance.now() - start;
    } while (elapsed < 10);
    best = Math.min(best, elapsed / passes);
  }
  return best;
}

function growth(pattern: RegExp, literals: readonly string[]): number {
  return (
    passTime(pattern, adversarialInputs(literals, large)) /
    passTime(pattern, adversarialInputs(literals, small))
  );
}

describe('generated regexps are linear (ReDoS-safe)', () => {
  test('the measure flags a quadratic regexp (path-to-regexp 0.1 for /:a-:b)', () => {
    expect(growth(/^\/(?:([^/]+?))-(?:([^/]+?))\/?$/, ['/', '-', '/'])).toBeGreaterThan(maxGrowth);
  });

  test.each([...urlconf.routes()].map((route) => [route.pattern, route] as const))(
    '%s',
    (_pattern, route) => {
      expect(growth(route.regexp, texts(route.tokens))).toBeLessThan(maxGrowth);
    },
  );
});
