// Props are read as their owner wrote them: nothing inherited (a polluted Object.prototype included),
// and the object props must be plain objects, whose own entries are all there is to them.
import { afterEach, describe, expect, test } from 'vitest';
import { Pagination, paginationItems } from '../src/index.js';
import type { PaginationProps } from '../src/index.js';
import { nonPlainStyles } from './styles.cases.js';

const polluted = Object.prototype as Record<string, unknown>;

afterEach(() => {
  for (const key of ['class_name', 'style', 'max_value', 'is_loading', 'active_page'])
    Reflect.deleteProperty(polluted, key);
});

describe('a polluted Object.prototype does not become a prop', () => {
  test.each([
    { key: 'class_name', value: 'evil' },
    { key: 'style', value: { position: 'fixed', inset: 0 } },
    { key: 'active_page', value: 7 },
  ])('inherited $key stays out of props and toJSON()', ({ key, value }) => {
    polluted[key] = value;
    const pagination = new Pagination({ max_value: 3 });
    expect(pagination.props).toEqual({ max_value: 3 });
    expect(JSON.stringify(pagination)).toBe(
      '{"props":{"max_value":3},"type":"Pagination","namespace":"restdash_pagination"}',
    );
  });

  test('an inherited max_value does not satisfy the required prop', () => {
    polluted['max_value'] = 5;
    expect(() => new Pagination({} as PaginationProps)).toThrow(
      new TypeError('Required argument `max_value` was not specified.'),
    );
  });

  test('props that inherit from another prototype are not plain: refused', () => {
    const props = Object.create({ max_value: 3 }) as PaginationProps;
    expect(() => new Pagination(props)).toThrow(
      new TypeError('Pagination expects its props as a plain object, received {}.'),
    );
  });

  test('paginationItems reads own props only', () => {
    polluted['active_page'] = 2;
    expect(paginationItems({ max_value: 2 })).toEqual([
      { kind: 'page', value: 1, active: true },
      { kind: 'page', value: 2, active: false },
    ]);
  });
});

describe('object props must be plain objects', () => {
  const shape =
    'Pagination: prop `loading_state` expects an object with only the keys component_name, is_loading, prop_name, received';

  test('an inherited loading_state.is_loading is refused', () => {
    const loading_state = Object.create({ is_loading: 'yes' }) as PaginationProps['loading_state'];
    expect(() => new Pagination({ max_value: 3, loading_state })).toThrow(new TypeError(`${shape} {}.`));
  });

  test.each(nonPlainStyles)('style as $name is refused', ({ style, received }) => {
    expect(() => new Pagination({ max_value: 3, style: style as PaginationProps['style'] })).toThrow(
      new TypeError(`Pagination: prop \`style\` expects a plain object of CSS values, received ${received}.`),
    );
  });

  test('an object without a prototype is plain', () => {
    const style = Object.assign(Object.create(null) as Record<string, string>, { color: 'red' });
    expect(new Pagination({ max_value: 3, style }).props.style).toBe(style);
  });

  test('an inherited loading_state key is neither checked nor kept', () => {
    polluted['is_loading'] = 'yes';
    expect(new Pagination({ max_value: 3, loading_state: {} }).toJSON().props).toEqual({
      loading_state: {},
      max_value: 3,
    });
  });
});
