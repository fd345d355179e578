import {
  booleanType,
  finiteNumberType,
  oneOfType,
  positiveNumberType,
  shapeType,
  stringType,
  styleType,
  validateProps,
} from './props.js';
import type { PropsSpec } from './props.js';

/** The loading-state object a Dash-style renderer passes down while a prop is being updated. */
export interface PaginationLoadingState {
  /** Name of the component that is loading. */
  component_name?: string | null | undefined;
  /** Whether the component is loading; `true` puts `data-dash-is-loading` on the list. */
  is_loading?: boolean | null | undefined;
  /** Which property is loading. */
  prop_name?: string | null | undefined;
}

/**
 * The props of `Pagination`, exactly those of dash-bootstrap-components. Every optional prop
 * accepts `null` (and `undefined`), meaning "unset": its default applies.
 */
export interface PaginationProps {
  /** Identifies the component in callbacks; unique across an app. Rendered as the list's `id`. */
  id?: string | null | undefined;
  /**
   * The currently active page. A value off the grid or outside the range highlights nothing.
   * @default 1
   */
  active_page?: number | null | undefined;
  /** @deprecated Use `class_name`, which wins when both are set. */
  className?: string | null | undefined;
  /** CSS classes added to the list after `pagination`. */
  class_name?: string | null | undefined;
  /**
   * Show a first (`«`) and a last (`»`) item at the ends.
   * @default false
   */
  first_last?: boolean | null | undefined;
  /**
   * Show every number from `min_value` to `max_value`; `false` collapses them into 7 slots with ellipses.
   * @default true
   */
  fully_expanded?: boolean | null | undefined;
  /** Loading state supplied by the renderer. */
  loading_state?: PaginationLoadingState | null | undefined;
  /** Maximum (rightmost) value; raised to the first value of the grid `min_value + k·step` that reaches it. */
  max_value: number;
  /**
   * Minimum (leftmost) value.
   * @default 1
   */
  min_value?: number | null | undefined;
  /**
   * Show a previous (`‹`) and a next (`›`) item around the numbers.
   * @default false
   */
  previous_next?: boolean | null | undefined;
  /** Size of all page items: Bootstrap's `pagination-sm` or `pagination-lg`. */
  size?: 'sm' | 'lg' | null | undefined;
  /**
   * Page increment step, greater than 0.
   * @default 1
   */
  step?: number | null | undefined;
  /** Inline CSS for the list, e.g. `{ marginBottom: 0 }`. */
  style?: Readonly<Record<string, string | number | null | undefined>> | null | undefined;
}

/** Everything validation needs to know about `Pagination`'s props; the class exposes it as static fields. */
export const paginationSpec = {
  type: 'Pagination',
  namespace: 'restdash_pagination',
  propNames: [
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
  ],
  requiredProps: ['max_value'],
  validWildcardAttributes: [],
  baseNodes: ['children'],
  propTypes: {
    id: stringType,
    active_page: finiteNumberType,
    className: stringType,
    class_name: stringType,
    first_last: booleanType,
    fully_expanded: booleanType,
    loading_state: shapeType({ component_name: stringType, is_loading: booleanType, prop_name: stringType }),
    max_value: finiteNumberType,
    min_value: finiteNumberType,
    previous_next: booleanType,
    size: oneOfType(['sm', 'lg']),
    step: positiveNumberType,
    style: styleType,
  },
} as const satisfies PropsSpec & { namespace: string; baseNodes: readonly string[] };

/**
 * Validates `Pagination` props and returns the explicitly passed ones in `propNames` order.
 *
 * @throws TypeError when `max_value` is missing, a key is not a prop, or a value has the wrong type.
 */
export function validatePaginationProps(props: unknown): PaginationProps {
  return validateProps(paginationSpec, props) as unknown as PaginationProps;
}
