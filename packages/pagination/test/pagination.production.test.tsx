// The React component as production builds run it: no type checks, the page model called directly.
// The component reads NODE_ENV at each render, so stubbing it switches that path (React stays as loaded).
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Pagination } from '../src/react/index.js';
import type { PaginationComponentProps } from '../src/react/index.js';
import { collapsePatterns, pageItemsCases } from './page-items.cases.js';

function renderIn(mode: 'production' | 'development', props: PaginationComponentProps): string {
  vi.stubEnv('NODE_ENV', mode);
  try {
    return renderToString(<Pagination {...props} />);
  } finally {
    vi.unstubAllEnvs();
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('production builds', () => {
  test.each([...collapsePatterns, ...pageItemsCases])(
    'render what development builds render: $name',
    ({ props, options }) => {
      const all = { ...props, ...options, first_last: true, previous_next: true };
      for (const variant of [
        { ...props, ...options },
        all,
        { ...all, href: (page: number) => `?p=${page}` },
      ]) {
        expect(renderIn('production', variant)).toBe(renderIn('development', variant));
      }
    },
  );

  test('skip the type checks', () => {
    const props = { max_value: 3, size: 'md' as 'sm' };
    expect(() => renderIn('development', props)).toThrow(TypeError);
    expect(renderIn('production', props)).toContain('class="pagination pagination-md"');
  });

  test('still refuse to render more than 10,000 numbers', () => {
    expect(() => renderIn('production', { max_value: 10_001 })).toThrow(
      new RangeError(
        'Pagination: 10001 page numbers are too many to render (limit 10000); use fully_expanded: false.',
      ),
    );
  });
});
