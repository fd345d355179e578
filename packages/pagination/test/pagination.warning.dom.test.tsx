// The development warning for a controlled pagination nobody can change. It is given once per page
// load, so every test imports a fresh copy of the component (React itself stays the same instance).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const message =
  'Pagination: `active_page` is given without `setProps` or `onChange`, so choosing a page changes nothing. ' +
  'Pass `onChange` (or `setProps`) and give the chosen page back as `active_page`, or leave `active_page` out ' +
  'and the pagination keeps its own page.';

async function freshReact() {
  vi.resetModules();
  return import('../src/react/index.js');
}

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('a controlled pagination without setProps or onChange', () => {
  test('warns once, however often and however many render', async () => {
    const { Pagination } = await freshReact();
    const { rerender } = render(
      <StrictMode>
        <Pagination max_value={5} active_page={3} />
        <Pagination max_value={9} active_page={1} />
      </StrictMode>,
    );
    rerender(<Pagination max_value={5} active_page={4} />);
    fireEvent.click(screen.getAllByRole('link', { name: '2' })[0]!);
    expect(warn.mock.calls).toEqual([[message]]);
  });

  test('the headless hook warns the same way', async () => {
    const { usePagination } = await freshReact();
    function Pages() {
      const { items } = usePagination({ max_value: 3, active_page: 2 });
      return <p>{items.length}</p>;
    }
    render(<Pages />);
    expect(warn.mock.calls).toEqual([[message]]);
  });

  test.each([
    { name: 'uncontrolled', props: { max_value: 5 } },
    { name: 'with onChange', props: { max_value: 5, active_page: 3, onChange: () => undefined } },
    { name: 'with setProps', props: { max_value: 5, active_page: 3, setProps: () => undefined } },
    { name: 'with href (a click follows the link)', props: { max_value: 5, active_page: 3, href: String } },
    { name: 'active_page null (unset)', props: { max_value: 5, active_page: null } },
  ])('does not warn when $name', async ({ props }) => {
    const { Pagination } = await freshReact();
    render(<Pagination {...props} />);
    expect(warn).not.toHaveBeenCalled();
  });

  test('production builds do not warn', async () => {
    const { Pagination } = await freshReact();
    vi.stubEnv('NODE_ENV', 'production');
    render(<Pagination max_value={5} active_page={3} />);
    expect(warn).not.toHaveBeenCalled();
  });
});
