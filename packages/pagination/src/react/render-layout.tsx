import { Fragment, useState } from 'react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { ComponentJSON } from '../component.js';
import { Pagination } from './pagination.js';

/** A layout as `toJSON()` gives it: a component, text, or a list of them (`children` props nest further). */
export type LayoutNode = ComponentJSON | string | number | null | undefined | readonly LayoutNode[];

/** React components by the `type` of the JSON they render. `Pagination` is always registered. */
export type ComponentRegistry = Readonly<Record<string, ComponentType<never>>>;

function LayoutComponent({
  node,
  registry,
}: {
  node: ComponentJSON;
  registry: ComponentRegistry;
}): ReactElement {
  // The layout gives the initial props; what a component changes through setProps is kept here on top.
  const [changes, setChanges] = useState<Record<string, unknown>>({});
  const components: ComponentRegistry = { Pagination, ...registry };
  const Rendered = components[node.type] as ComponentType<Record<string, unknown>> | undefined;
  if (Rendered === undefined) {
    throw new TypeError(
      `renderLayout: no component registered for type ${node.type}; registered: ${Object.keys(components).join(', ')}.`,
    );
  }
  const props: Record<string, unknown> = { ...node.props, ...changes };
  props['setProps'] = (change: Record<string, unknown>): void => {
    setChanges((previous) => ({ ...previous, ...change }));
  };
  if (props['children'] !== undefined)
    props['children'] = renderLayout(props['children'] as LayoutNode, registry);
  return <Rendered {...props} />;
}

/**
 * Renders a layout of component JSON (`new Pagination({...}).toJSON()`, or that JSON parsed from a
 * server) with React, each component's `setProps` wired to local state so it works without a backend.
 *
 * @example
 * const layout = JSON.parse(JSON.stringify(new Pagination({ max_value: 10 })));
 * createRoot(element).render(renderLayout(layout));
 *
 * @throws TypeError for a node that is not component JSON or whose `type` is not in the registry.
 */
export function renderLayout(layout: LayoutNode, registry: ComponentRegistry = {}): ReactNode {
  if (Array.isArray(layout)) {
    return layout.map((child: LayoutNode, index) => (
      <Fragment key={index}>{renderLayout(child, registry)}</Fragment>
    ));
  }
  if (layout == null || typeof layout !== 'object') return layout;
  const node = layout as Partial<ComponentJSON>;
  if (typeof node.type !== 'string' || typeof node.props !== 'object') {
    throw new TypeError(
      `renderLayout: expected component JSON { props, type }, received ${JSON.stringify(layout)}.`,
    );
  }
  return <LayoutComponent node={node as ComponentJSON} registry={registry} />;
}
