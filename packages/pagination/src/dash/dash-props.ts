// Pagination's props as Dash describes them: one table of types, from which both the component's
// `propTypes` (what Dash's development tools check) and the props of `metadata.json` (what Dash's
// component generator reads) are made, so the two cannot say different things.
import { paginationSpec } from '../pagination.props.js';

/** The name of one of `Pagination`'s 13 props. */
export type PaginationPropName = (typeof paginationSpec.propNames)[number];

/**
 * A prop's type in the words PropTypes and react-docgen share. Never stricter than the props' own
 * validation: Dash's debug mode renders nothing for a component whose props fail these.
 */
export type DashPropType =
  | { readonly kind: 'string' | 'number' | 'bool' | 'object' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'shape'; readonly entries: Readonly<Record<string, DashPropType>> };

/** The Dash type of each prop (finite numbers and `step > 0` are only checked when the page model runs). */
export const paginationDashTypes = {
  id: { kind: 'string' },
  active_page: { kind: 'number' },
  className: { kind: 'string' },
  class_name: { kind: 'string' },
  first_last: { kind: 'bool' },
  fully_expanded: { kind: 'bool' },
  loading_state: {
    kind: 'shape',
    entries: {
      component_name: { kind: 'string' },
      is_loading: { kind: 'bool' },
      prop_name: { kind: 'string' },
    },
  },
  max_value: { kind: 'number' },
  min_value: { kind: 'number' },
  previous_next: { kind: 'bool' },
  size: { kind: 'enum', values: ['sm', 'lg'] },
  step: { kind: 'number' },
  style: { kind: 'object' },
} as const satisfies Record<PaginationPropName, DashPropType>;

/** Whether Dash must be given the prop: the props' own rule, `max_value` only. */
export function isRequiredProp(name: PaginationPropName): boolean {
  return (paginationSpec.requiredProps as readonly string[]).includes(name);
}

/** A PropTypes checker: `null` when the prop fits, else the `Error` Dash's development tools show. */
export type PropTypeChecker = (
  props: Readonly<Record<string, unknown>>,
  propName: string,
  componentName: string,
  location: string,
  propFullName: string,
  secret?: string,
) => Error | null;

/** A PropTypes checker for an optional prop, with its required variant. */
export interface OptionalPropTypeChecker extends PropTypeChecker {
  readonly isRequired: PropTypeChecker;
}

/** What the propTypes are built with from the `prop-types` library (Dash serves it as `window.PropTypes`). */
export interface PropTypesLibrary {
  readonly string: OptionalPropTypeChecker;
  readonly number: OptionalPropTypeChecker;
  readonly bool: OptionalPropTypeChecker;
  readonly object: OptionalPropTypeChecker;
  readonly oneOf: (values: readonly string[]) => OptionalPropTypeChecker;
  readonly shape: (shape: Record<string, PropTypeChecker>) => OptionalPropTypeChecker;
}

/** The PropTypes checker of an optional prop of type `type`. */
function checkerOf(PropTypes: PropTypesLibrary, type: DashPropType): OptionalPropTypeChecker {
  switch (type.kind) {
    case 'enum':
      return PropTypes.oneOf(type.values);
    case 'shape':
      return PropTypes.shape(
        Object.fromEntries(
          Object.entries(type.entries).map(([key, entry]) => [key, checkerOf(PropTypes, entry)]),
        ),
      );
    default:
      return PropTypes[type.kind];
  }
}

/**
 * `Pagination.propTypes` for Dash, made with `PropTypes` from `paginationDashTypes`: `max_value` required,
 * `size` one of `sm`/`lg`, and so on.
 *
 * @example
 * DashPagination.propTypes = paginationPropTypes(window.PropTypes);
 */
export function paginationPropTypes(
  PropTypes: PropTypesLibrary,
): Record<PaginationPropName, PropTypeChecker> {
  return Object.fromEntries(
    paginationSpec.propNames.map((name) => {
      const checker = checkerOf(PropTypes, paginationDashTypes[name]);
      return [name, isRequiredProp(name) ? checker.isRequired : checker];
    }),
  ) as Record<PaginationPropName, PropTypeChecker>;
}

/** A prop's type as react-docgen writes it into Dash's `metadata.json`. */
export type DocgenType =
  | { name: 'string' | 'number' | 'bool' | 'object' }
  | { name: 'enum'; value: { value: string; computed: false }[] }
  | {
      name: 'shape';
      value: Record<string, DocgenType & { required: boolean; description?: string }>;
    };

/**
 * `type` as react-docgen describes it (enum values as JavaScript literals, `'sm'`); `describeEntry` gives a
 * shape entry's description.
 */
export function docgenType(
  type: DashPropType,
  describeEntry: (key: string) => string | undefined,
): DocgenType {
  switch (type.kind) {
    case 'enum':
      return { name: 'enum', value: type.values.map((value) => ({ value: `'${value}'`, computed: false })) };
    case 'shape':
      return {
        name: 'shape',
        value: Object.fromEntries(
          Object.entries(type.entries).map(([key, entry]) => {
            const description = describeEntry(key);
            return [
              key,
              {
                ...docgenType(entry, () => undefined),
                required: false,
                ...(description === undefined ? {} : { description }),
              },
            ];
          }),
        ),
      };
    default:
      return { name: type.kind };
  }
}
