import { Fragment, useState } from 'react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { ComponentJSON } from '../component.js';
import { isPlainObject, ownProperties } from '../own-properties.js';
import { checkPageLayout } from '../page-model.js';
import { validatePaginationProps } from '../pagination.props.js';
import { describeValue } from '../props.js';
import { Pagination } from './pagination.js';

/** A layout as `toJSON()` gives it: a component, text, or a list of them (`children` props nest further). */
export type LayoutNode =
  ComponentJSON<object> | string | number | boolean | null | undefined | readonly LayoutNode[];

/** React components by the `type` of the JSON they render. `Pagination` is always registered. */
export type ComponentRegistry = Readonly<Record<string, ComponentType<never>>>;

/** Deeper than this, a layout is a mistake (or an attack on the stack), not a page. */
const maxDepth = 100;

/** What renderLayout renders a component node with: the JSON is untyped, so its props are too. */
type LayoutComponentType = ComponentType<Record<string, unknown>>;

/** The component registered for `type`: the registry's own entries, then the built-in `Pagination`. */
function registered(registry: ComponentRegistry, type: string): ComponentType<never> {
  const own = Object.hasOwn(registry, type) ? registry[type] : undefined;
  if (own) return own;
  if (type === 'Pagination') return Pagination;
  const names = new Set([...Object.keys(registry), 'Pagination']);
  throw new TypeError(
    `renderLayout: no component registered for type ${type}; registered: ${[...names].sort().join(', ')}.`,
  );
}

/** `node` as component JSON, its own `type` a string and its own `props` a plain object. */
function componentJson(node: object): ComponentJSON {
  const { type, props, namespace } = ownProperties(node as Partial<Record<keyof ComponentJSON, unknown>>);
  if (typeof type !== 'string' || !isPlainObject(props)) {
    throw new TypeError(
      `renderLayout: expected component JSON { props, type }, received ${describeValue(node)}.`,
    );
  }
  return { props, type, namespace: typeof namespace === 'string' ? namespace : '' };
}

function LayoutComponent({
  node,
  Rendered,
  registry,
  depth,
}: {
  node: ComponentJSON;
  Rendered: ComponentType<never>;
  registry: ComponentRegistry;
  depth: number;
}): ReactElement {
  // The layout gives the initial props; what a component changes through setProps is kept here on top.
  const [changes, setChanges] = useState<Record<string, unknown>>({});
  const props: Record<string, unknown> = { ...node.props, ...changes };
  props['setProps'] = (change: Record<string, unknown>): void => {
    setChanges((previous) => ({ ...previous, ...change }));
  };
  if (Object.hasOwn(props, 'children'))
    props['children'] = layoutNode(props['children'], registry, depth + 1);
  const Component = Rendered as LayoutComponentType;
  return <Component {...props} />;
}

/** Renders one node of a layout at `depth` (the number of arrays and `children` props around it). */
function layoutNode(layout: unknown, registry: ComponentRegistry, depth: number): ReactNode {
  if (depth > maxDepth) {
    throw new RangeError(
      `renderLayout: the layout is nested more than ${maxDepth} levels deep (arrays and children); flatten it.`,
    );
  }
  if (Array.isArray(layout)) {
    return layout.map((child: unknown, index) => (
      <Fragment key={index}>{layoutNode(child, registry, depth + 1)}</Fragment>
    ));
  }
  if (typeof layout === 'object' && layout !== null) {
    const node = componentJson(layout);
    const Rendered = registered(registry, node.type);
    // The built-in component trusts its props: the layout is checked here, where it enters, as the server's class checks it.
    if (Rendered === Pagination) checkPageLayout(ownProperties(validatePaginationProps(node.props)));
    return <LayoutComponent node={node} Rendered={Rendered} registry={registry} depth={depth} />;
  }
  if (typeof layout === 'function' || typeof layout === 'symbol' || typeof layout === 'bigint') {
    throw new TypeError(`renderLayout: expected a layout node, received ${describeValue(layout)}.`);
  }
  return layout as ReactNode;
}

/**
 * Renders a layout of component JSON (`new Pagination({...}).toJSON()`, or that JSON parsed from a
 * server) with React, each component's `setProps` wired to local state so it works without a backend.
 * Nodes of type `Pagination` rendered by the built-in component are checked as the description class checks them.
 *
 * @example
 * createRoot(element).render(renderLayout(new Pagination({ max_value: 10 }).toJSON()));
 *
 * @throws TypeError for a node that is not component JSON, a `type` that is not one of the registry's own
 *   entries (or `Pagination`), a value that is not a layout node, or `Pagination` props the description
 *   class rejects.
 * @throws RangeError for a layout nested more than 100 levels deep, or `Pagination` props every render refuses.
 */
export function renderLayout(layout: LayoutNode, registry: ComponentRegistry = {}): ReactNode {
  return layoutNode(layout, registry, 0);
}
