// Every oasdiff rule classified: a contract and a changed copy, and the differences it must give.
/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures are JSON documents edited in place by path */
import { describe, expect, test } from 'vitest';
import { compareContracts } from '../../src/frozen/compare.js';
import { breakingCases, contractsOf } from './breaking.cases.js';

describe("differences are classified by oasdiff's breaking-change rules", () => {
  test.each(breakingCases)('$rule', (item) => {
    const { before, after } = contractsOf(item);
    const found = compareContracts('v1', before, after).map(({ pointer, kind, breaking }) => ({
      pointer,
      kind,
      breaking,
    }));
    expect(found).toEqual(item.expected);
  });

  test('each difference carries its version and the values on both sides', () => {
    const [item] = breakingCases.filter(({ rule }) => rule === 'request-property-enum-value-removed');
    const { before, after } = contractsOf(item!);
    expect(compareContracts('2024-01-01', before, after)).toEqual([
      {
        version: '2024-01-01',
        pointer: '/components/schemas/UserInput/properties/role/enum',
        kind: 'changed',
        before: ['admin', 'member'],
        after: ['admin'],
        breaking: true,
      },
    ]);
  });

  test('a property named like a prototype member (toString) is found like any other', () => {
    const { before } = contractsOf(breakingCases[0]!);
    const after = structuredClone(before) as any;
    after.components.schemas.User.properties.toString = { type: 'string' };
    expect(compareContracts('v1', before, after).map(({ pointer }) => pointer)).toEqual([
      '/components/schemas/User/properties/toString',
    ]);
    expect(compareContracts('v1', after, before).map(({ pointer, kind }) => [pointer, kind])).toEqual([
      ['/components/schemas/User/properties/toString', 'removed'],
    ]);
  });
});
