// The React component as production builds run it. It renders and refuses what development builds do,
// except that it does not check \`style\` and gives no warning for a controlled pagination without
// callbacks, and two of its errors name the value without explaining why (those words would go to
// every browser).
// The component reads NODE_ENV at each render, so stubbing it switches builds (React stays as loaded).
import type { CSSProperties } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Pagination } from '../src/react/index.js';
import type { PaginationComponentProps } from '../src/react/index.js';
import { collapsePatterns, pageItemsCases } from './page-items.cases.js';
import { nonPlainStyles } from './styles.cases.js';

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
  vi.restoreAllMocks();
});

describe('production builds', () => {
  test.each([...collapsePatterns, ...pageItemsCases])(
    'render what development builds render: $name',
    ({ props, options }) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
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

  test.each(nonPlainStyles)(
    'leave the style check to development builds: style as $name',
    ({ style, received }) => {
      const props = { max_value: 3, style: style as CSSProperties };
      expect(() => renderIn('development', props)).toThrow(
        new TypeError(
          `Pagination: prop \`style\` expects a plain object of CSS values, received ${received}.`,
        ),
      );
      expect(renderIn('production', props)).toContain('<ul class="pagination"');
    },
  );

  test('still refuse to render more than 10,000 numbers', () => {
    expect(() => renderIn('production', { max_value: 10_001 })).toThrow(
      new RangeError(
        'Pagination: 10001 page numbers are too many to render (limit 10000); use fully_expanded: false.',
      ),
    );
  });

  test('still refuse a javascript: URL', () => {
    expect(() => renderIn('production', { max_value: 1, href: () => 'javascript:alert(1)' })).toThrow(
      TypeError,
    );
  });

  test('name the script URL and the step without the explanation', () => {
    const href = (page: number) => (page === 2 ? 'JavaScript:alert(1)' : `?p=${page}`);
    expect(() => renderIn('production', { max_value: 3, href })).toThrow(
      new TypeError('Pagination: href(2) is "JavaScript:alert(1)", a script URL.'),
    );
    expect(() => renderIn('production', { max_value: 1e15, step: 0.1, fully_expanded: false })).toThrow(
      new RangeError('Pagination: step 0.1 is too small.'),
    );
  });
});
