// Props `Pagination` rejects, with the exact message. The same props are rejected by paginationItems.
const allowed =
  'Allowed arguments: id, active_page, className, class_name, first_last, fully_expanded, loading_state, max_value, min_value, previous_next, size, step, style.';

export interface InvalidPropsCase {
  readonly name: string;
  readonly props: unknown;
  readonly message: string;
}

export const missingMaxValue: readonly InvalidPropsCase[] = [
  { name: 'no props at all', props: undefined, message: 'Required argument `max_value` was not specified.' },
  { name: 'empty props', props: {}, message: 'Required argument `max_value` was not specified.' },
  {
    name: 'max_value undefined',
    props: { max_value: undefined, step: 2 },
    message: 'Required argument `max_value` was not specified.',
  },
];

export const unknownKeys: readonly InvalidPropsCase[] = [
  {
    name: 'a typo',
    props: { max_value: 5, activePage: 2 },
    message: `Pagination received an unexpected keyword argument: \`activePage\`. ${allowed}`,
  },
  {
    name: 'a data-* attribute',
    props: { max_value: 5, 'data-testid': 'x' },
    message: `Pagination received an unexpected keyword argument: \`data-testid\`. ${allowed}`,
  },
  {
    name: 'an aria-* attribute',
    props: { max_value: 5, 'aria-label': 'Pages' },
    message: `Pagination received an unexpected keyword argument: \`aria-label\`. ${allowed}`,
  },
  {
    name: 'children',
    props: { max_value: 5, children: [] },
    message: `Pagination received an unexpected keyword argument: \`children\`. ${allowed}`,
  },
  {
    name: 'an unknown key even when undefined',
    props: { max_value: 5, page: undefined },
    message: `Pagination received an unexpected keyword argument: \`page\`. ${allowed}`,
  },
  {
    name: 'unknown keys are reported before a missing max_value',
    props: { maxValue: 5 },
    message: `Pagination received an unexpected keyword argument: \`maxValue\`. ${allowed}`,
  },
];

export const wrongTypes: readonly InvalidPropsCase[] = [
  {
    name: 'props not an object',
    props: 5,
    message: 'Pagination expects its props as a plain object, received 5.',
  },
  {
    name: 'props an array',
    props: [1],
    message: 'Pagination expects its props as a plain object, received [1].',
  },
  {
    name: 'id a number',
    props: { max_value: 5, id: 7 },
    message: 'Pagination: prop `id` expects a string, received 7.',
  },
  {
    name: 'active_page a string',
    props: { max_value: 5, active_page: '2' },
    message: 'Pagination: prop `active_page` expects a finite number, received "2".',
  },
  {
    name: 'active_page NaN',
    props: { max_value: 5, active_page: Number.NaN },
    message: 'Pagination: prop `active_page` expects a finite number, received NaN.',
  },
  {
    name: 'className a number',
    props: { max_value: 5, className: 1 },
    message: 'Pagination: prop `className` expects a string, received 1.',
  },
  {
    name: 'class_name an array',
    props: { max_value: 5, class_name: ['a'] },
    message: 'Pagination: prop `class_name` expects a string, received ["a"].',
  },
  {
    name: 'first_last a string',
    props: { max_value: 5, first_last: 'true' },
    message: 'Pagination: prop `first_last` expects a boolean, received "true".',
  },
  {
    name: 'fully_expanded a number',
    props: { max_value: 5, fully_expanded: 0 },
    message: 'Pagination: prop `fully_expanded` expects a boolean, received 0.',
  },
  {
    name: 'loading_state a string',
    props: { max_value: 5, loading_state: 'loading' },
    message:
      'Pagination: prop `loading_state` expects an object with only the keys component_name, is_loading, prop_name, received "loading".',
  },
  {
    name: 'loading_state with an unknown key',
    props: { max_value: 5, loading_state: { is_loading: true, since: 3 } },
    message:
      'Pagination: prop `loading_state` expects an object with only the keys component_name, is_loading, prop_name, received {"is_loading":true,"since":3}.',
  },
  {
    name: 'loading_state with a key of Object.prototype',
    props: { max_value: 5, loading_state: JSON.parse('{"toString":"x"}') as unknown },
    message:
      'Pagination: prop `loading_state` expects an object with only the keys component_name, is_loading, prop_name, received {"toString":"x"}.',
  },
  {
    name: 'loading_state.is_loading a string',
    props: { max_value: 5, loading_state: { is_loading: 'yes' } },
    message: 'Pagination: prop `loading_state.is_loading` expects a boolean, received "yes".',
  },
  {
    name: 'loading_state.component_name a number',
    props: { max_value: 5, loading_state: { component_name: 1 } },
    message: 'Pagination: prop `loading_state.component_name` expects a string, received 1.',
  },
  {
    name: 'loading_state.prop_name a boolean',
    props: { max_value: 5, loading_state: { prop_name: false } },
    message: 'Pagination: prop `loading_state.prop_name` expects a string, received false.',
  },
  {
    name: 'max_value null',
    props: { max_value: null },
    message: 'Pagination: prop `max_value` expects a finite number, received null.',
  },
  {
    name: 'max_value a string',
    props: { max_value: '10' },
    message: 'Pagination: prop `max_value` expects a finite number, received "10".',
  },
  {
    name: 'max_value Infinity',
    props: { max_value: Number.POSITIVE_INFINITY },
    message: 'Pagination: prop `max_value` expects a finite number, received Infinity.',
  },
  {
    name: 'min_value -Infinity',
    props: { max_value: 5, min_value: Number.NEGATIVE_INFINITY },
    message: 'Pagination: prop `min_value` expects a finite number, received -Infinity.',
  },
  {
    name: 'min_value a bigint',
    props: { max_value: 5, min_value: 1n },
    message: 'Pagination: prop `min_value` expects a finite number, received 1n.',
  },
  {
    name: 'previous_next a function',
    props: { max_value: 5, previous_next: function yes() {} },
    message: 'Pagination: prop `previous_next` expects a boolean, received a function yes.',
  },
  {
    name: 'size md',
    props: { max_value: 5, size: 'md' },
    message: "Pagination: prop `size` expects 'sm' or 'lg', received \"md\".",
  },
  {
    name: 'size in capitals',
    props: { max_value: 5, size: 'SM' },
    message: "Pagination: prop `size` expects 'sm' or 'lg', received \"SM\".",
  },
  {
    name: 'step 0',
    props: { max_value: 5, step: 0 },
    message: 'Pagination: prop `step` expects a finite number greater than 0, received 0.',
  },
  {
    name: 'step negative',
    props: { max_value: 5, step: -1 },
    message: 'Pagination: prop `step` expects a finite number greater than 0, received -1.',
  },
  {
    name: 'step a string',
    props: { max_value: 5, step: '1' },
    message: 'Pagination: prop `step` expects a finite number greater than 0, received "1".',
  },
  {
    name: 'style a string',
    props: { max_value: 5, style: 'color: red' },
    message: 'Pagination: prop `style` expects a plain object of CSS values, received "color: red".',
  },
  {
    name: 'style with an object value',
    props: { max_value: 5, style: { color: { r: 1 } } },
    message: 'Pagination: prop `style.color` expects a string or a finite number, received {"r":1}.',
  },
  {
    name: 'style with NaN',
    props: { max_value: 5, style: { width: Number.NaN } },
    message: 'Pagination: prop `style.width` expects a string or a finite number, received NaN.',
  },
  {
    name: 'a long value is cut',
    props: { max_value: 5, class_name: { text: 'x'.repeat(100) } },
    message: `Pagination: prop \`class_name\` expects a string, received {"text":"${'x'.repeat(68)}....`,
  },
];
