// The two components the render benchmark compares, as element factories over the same props.
import { createElement as h } from 'react';
import { Pagination as RBPagination } from 'react-bootstrap';
import { Pagination } from '@restdash/pagination/react';
import { StaticPagination } from '@restdash/pagination/static';

/** 7 visible items (1 … 49 50 51 … 100) plus first/previous/next/last. */
export const PROPS = {
  max_value: 100,
  active_page: 50,
  fully_expanded: false,
  first_last: true,
  previous_next: true,
};

const noop = () => {};

/**
 * dash-bootstrap-components' Pagination.js, composed the same way: react-bootstrap's `Pagination.Item`,
 * `Ellipsis`, `First`, `Prev`, `Next` and `Last`, with an `onClick` closure per item. Its
 * `defaultProps` are written as parameter defaults (React 19 ignores `defaultProps` on functions).
 */
function DbcPagination({
  step = 1,
  active_page = 1,
  min_value = 1,
  max_value: rawMax,
  fully_expanded = true,
  previous_next = false,
  first_last = false,
  setProps,
}) {
  const max_value = (rawMax - min_value) % step ? rawMax + step - ((rawMax - min_value) % step) : rawMax;
  const select = (value) => setProps?.({ active_page: value });
  const page = (i) =>
    h(RBPagination.Item, { key: i, active: i === active_page, onClick: () => select(i) }, i);
  const ellipsis = (key) => h(RBPagination.Ellipsis, { key, disabled: true });
  const items = [];
  if (first_last) {
    items.push(
      h(RBPagination.First, {
        key: 'first',
        disabled: active_page === min_value,
        onClick: () => select(min_value),
      }),
    );
  }
  if (previous_next) {
    const target = active_page - step;
    items.push(
      h(RBPagination.Prev, {
        key: 'previous',
        disabled: active_page === min_value,
        onClick: () => select(target),
      }),
    );
  }
  if (fully_expanded || Math.floor((max_value - min_value) / step) + 1 <= 7) {
    for (let i = min_value; i <= max_value; i += step) items.push(page(i));
  } else {
    items.push(page(min_value));
    if (active_page <= min_value + step * 3) {
      for (let k = 1; k <= 4; k++) items.push(page(min_value + step * k));
      items.push(ellipsis('ellipsis'));
    } else if (active_page >= max_value - step * 3) {
      items.push(ellipsis('ellipsis'));
      for (let k = 4; k >= 1; k--) items.push(page(max_value - step * k));
    } else {
      items.push(
        ellipsis('ellipsis-1'),
        page(active_page - step),
        page(active_page),
        page(active_page + step),
      );
      items.push(ellipsis('ellipsis-2'));
    }
    items.push(page(max_value));
  }
  if (previous_next) {
    const target = active_page + step;
    items.push(
      h(RBPagination.Next, {
        key: 'next',
        disabled: active_page === max_value,
        onClick: () => select(target),
      }),
    );
  }
  if (first_last) {
    items.push(
      h(RBPagination.Last, {
        key: 'last',
        disabled: active_page === max_value,
        onClick: () => select(max_value),
      }),
    );
  }
  return h(RBPagination, null, items);
}

/** Our component, controlled the way Dash drives it. */
export const ours = (props) => h(Pagination, { ...props, setProps: noop });

/** The dbc composition with the same props. */
export const dbc = (props) => h(DbcPagination, { ...props, setProps: noop });

/** Our server-only component with the same props, its pages as links (StaticPagination requires href). */
export const oursStatic = (props) => h(StaticPagination, { ...props, href: pageHref });

/** Our interactive component with the same links, for the markup comparison. */
export const oursLinked = (props) => h(Pagination, { ...props, href: pageHref, setProps: noop });

function pageHref(page) {
  return `?page=${page}`;
}
