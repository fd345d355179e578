import { describe, expect, test } from 'vitest';
import { Component, Pagination, paginationItems } from '../src/index.js';
import type { PaginationProps, PropType } from '../src/index.js';
import { missingMaxValue, unknownKeys, wrongTypes } from './pagination.cases.js';

describe('Pagination metadata', () => {
  test('static fields describe the Dash component', () => {
    expect(Pagination.type).toBe('Pagination');
    expect(Pagination.namespace).toBe('restdash_pagination');
    expect(Pagination.propNames).toEqual([
      'id',
      'active_page',
      'className',
      'class_name',
      'first_last',
      'fully_expanded',
      'loading_state',
      'max_value',
      'min_value',
      'previous_next',
      'size',
      'step',
      'style',
    ]);
    expect(Pagination.validWildcardAttributes).toEqual([]);
    expect(Pagination.baseNodes).toEqual(['children']);
    expect(new Pagination({ max_value: 1 })).toBeInstanceOf(Component);
  });
});

describe('Pagination props', () => {
  test('stores only the explicitly passed props', () => {
    const pagination = new Pagination({ max_value: 10, fully_expanded: false });
    expect(pagination.props).toEqual({ max_value: 10, fully_expanded: false });
  });

  test('stores props in propNames order whatever order they were passed in', () => {
    const pagination = new Pagination({
      style: { color: 'red' },
      step: 2,
      max_value: 9,
      id: 'pages',
      active_page: 3,
    });
    expect(Object.keys(pagination.props)).toEqual(['id', 'active_page', 'max_value', 'step', 'style']);
  });

  test('an undefined optional prop counts as not passed', () => {
    expect(new Pagination({ max_value: 3, size: undefined }).props).toEqual({ max_value: 3 });
  });

  test('null is accepted for every optional prop and kept as passed', () => {
    const optional = Pagination.propNames.filter((name) => name !== 'max_value');
    const props = Object.fromEntries(optional.map((name) => [name, null]));
    const pagination = new Pagination({ ...props, max_value: 4 });
    expect(pagination.props).toEqual({ ...props, max_value: 4 });
    expect(paginationItems(pagination.props)).toEqual([
      { kind: 'page', value: 1, active: true },
      { kind: 'page', value: 2, active: false },
      { kind: 'page', value: 3, active: false },
      { kind: 'page', value: 4, active: false },
    ]);
  });

  test('accepts every prop with a valid value', () => {
    const props: PaginationProps = {
      id: 'pages',
      active_page: 2.5,
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the deprecated prop is still accepted
      className: 'old',
      class_name: 'new',
      first_last: true,
      fully_expanded: false,
      loading_state: { component_name: 'table', is_loading: true, prop_name: 'data' },
      max_value: 100,
      min_value: 0.5,
      previous_next: true,
      size: 'lg',
      step: 0.5,
      style: { marginBottom: 0, color: 'red', width: null },
    };
    expect(new Pagination(props).props).toEqual(props);
  });

  test('props are frozen', () => {
    const pagination = new Pagination({ max_value: 3 });
    expect(Object.isFrozen(pagination.props)).toBe(true);
  });

  test('the caller’s object is neither kept nor changed', () => {
    const input = { max_value: 3, size: undefined };
    const pagination = new Pagination(input);
    input.max_value = 99;
    expect(pagination.props.max_value).toBe(3);
    expect('size' in input).toBe(true);
  });
});

describe('Pagination.toJSON', () => {
  test('gives props, type and namespace', () => {
    const pagination = new Pagination({ max_value: 10, fully_expanded: false });
    expect(pagination.toJSON()).toEqual({
      props: { max_value: 10, fully_expanded: false },
      type: 'Pagination',
      namespace: 'restdash_pagination',
    });
  });

  test('JSON.stringify serialises the layout in key order props, type, namespace', () => {
    const json = JSON.stringify(new Pagination({ size: 'sm', max_value: 3, active_page: 2 }));
    expect(json).toBe(
      '{"props":{"active_page":2,"max_value":3,"size":"sm"},"type":"Pagination","namespace":"restdash_pagination"}',
    );
  });

  test('the JSON is a copy: changing it does not change the component', () => {
    const pagination = new Pagination({ max_value: 3 });
    pagination.toJSON().props.max_value = 8;
    expect(pagination.props.max_value).toBe(3);
  });
});

describe('Pagination rejects invalid props with a TypeError', () => {
  test.each([...missingMaxValue, ...unknownKeys, ...wrongTypes])('$name', ({ props, message }) => {
    expect(() => new Pagination(props as PaginationProps)).toThrow(new TypeError(message));
  });

  test.each([...missingMaxValue, ...unknownKeys, ...wrongTypes])(
    'paginationItems too: $name',
    ({ props, message }) => {
      expect(() => paginationItems(props as PaginationProps)).toThrow(new TypeError(message));
    },
  );

  test('the error is a TypeError', () => {
    expect(() => new Pagination({} as PaginationProps)).toThrow(TypeError);
  });
});

describe('Component base', () => {
  const text: PropType = {
    expected: 'a string',
    mismatch: (value) =>
      typeof value === 'string' ? undefined : { path: '', expected: 'a string', received: value },
  };

  class Badge extends Component<{ text: string; tone?: string; 'data-id'?: string }> {
    static override readonly type = 'Badge';
    static override readonly namespace = 'demo';
    static override readonly propNames = ['text', 'tone'];
    static override readonly requiredProps = ['text'];
    static override readonly validWildcardAttributes = ['data-'];
    static override readonly propTypes = { text, tone: text };
  }

  test('a subclass declares its own metadata and serialises with it', () => {
    expect(new Badge({ tone: 'info', text: 'new' }).toJSON()).toEqual({
      props: { text: 'new', tone: 'info' },
      type: 'Badge',
      namespace: 'demo',
    });
  });

  test('wildcard attributes are accepted and stored after the declared props', () => {
    const badge = new Badge({ 'data-id': '7', text: 'new' });
    expect(Object.keys(badge.props)).toEqual(['text', 'data-id']);
  });

  test('a subclass’s required props and types are enforced with its name', () => {
    expect(() => new Badge({} as { text: string })).toThrow(
      new TypeError('Required argument `text` was not specified.'),
    );
    expect(() => new Badge({ text: 1 } as unknown as { text: string })).toThrow(
      new TypeError('Badge: prop `text` expects a string, received 1.'),
    );
    expect(() => new Badge({ text: 'a', aria: 'x' } as { text: string })).toThrow(
      new TypeError('Badge received an unexpected keyword argument: `aria`. Allowed arguments: text, tone.'),
    );
  });
});

describe('Pagination refuses at construction what every render would refuse', () => {
  test.each([
    {
      name: 'more than 10,000 numbers fully expanded',
      props: { max_value: 1e6 },
      message:
        'Pagination: 1000000 page numbers are too many to render (limit 10000); use fully_expanded: false.',
    },
    {
      name: 'a step too small for the values',
      props: { max_value: 1e15, step: 0.1, fully_expanded: false },
      message: 'Pagination: step 0.1 is too small for values as large as 1000000000000000.',
    },
  ])('$name: the RangeError of paginationItems', ({ props, message }) => {
    expect(() => paginationItems(props)).toThrow(new RangeError(message));
    expect(() => new Pagination(props)).toThrow(new RangeError(message));
  });

  test('what renders is accepted, whatever the active page', () => {
    expect(new Pagination({ max_value: 10_000 }).props.max_value).toBe(10_000);
    expect(new Pagination({ max_value: 1e6, fully_expanded: false, active_page: -4 }).props).toEqual({
      active_page: -4,
      fully_expanded: false,
      max_value: 1e6,
    });
  });
});
