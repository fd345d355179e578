// Type test: the package's own flow — the server describes, the client renders — type-checks without a
// cast. `npm test` runs tsc over this file; the @ts-expect-error lines fail it if they stop being errors.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { Pagination as PaginationDescription } from '../src/index.js';
import type { ComponentJSON, PaginationProps } from '../src/index.js';
import { renderLayout } from '../src/react/index.js';
import type { LayoutNode } from '../src/react/index.js';

describe('renderLayout types', () => {
  test('accepts toJSON() of the description class as it is', () => {
    const layout = new PaginationDescription({ max_value: 3, active_page: 2 }).toJSON();
    expectTypeOf(layout).toEqualTypeOf<ComponentJSON<PaginationProps>>();
    expectTypeOf<ComponentJSON<PaginationProps>>().toExtend<LayoutNode>();
    expect(renderToStaticMarkup(<>{renderLayout(layout)}</>)).toContain('aria-current="page">2</a>');
  });

  test('accepts lists mixing components, text and nothing', () => {
    const description = new PaginationDescription({ max_value: 2 });
    const layout = [description.toJSON(), 'after', 3, null, [description.toJSON()]];
    expect(renderToStaticMarkup(<>{renderLayout(layout)}</>)).toContain('after3');
  });

  test('accepts component JSON of any props type, and parsed JSON', () => {
    const badge: ComponentJSON<{ text: string }> = {
      type: 'Badge',
      namespace: 'demo',
      props: { text: 'new' },
    };
    const parsed: unknown = JSON.parse(JSON.stringify(badge));
    expect(
      renderToStaticMarkup(
        <>{renderLayout(badge, { Badge: ({ text }: { text: string }) => <b>{text}</b> })}</>,
      ),
    ).toBe('<b>new</b>');
    expect(() => renderLayout(parsed as LayoutNode)).toThrow(TypeError);
  });

  test('refuses what is not a layout at compile time too', () => {
    // @ts-expect-error -- component JSON needs props
    expect(() => renderLayout({ type: 'Pagination', namespace: 'restdash_pagination' })).toThrow(TypeError);
    // @ts-expect-error -- a Date is not a layout node
    expect(() => renderLayout(new Date(0))).toThrow(TypeError);
    // @ts-expect-error -- the description itself is not its JSON: pass toJSON()
    expect(() => renderLayout(new PaginationDescription({ max_value: 2 }))).toThrow(TypeError);
  });
});
