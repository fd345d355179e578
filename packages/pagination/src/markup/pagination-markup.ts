// Bootstrap's pagination markup as React elements, without hooks: `StaticPagination` renders it as is,
// `Pagination` with its click and key handlers, so both give the same HTML for the same props, and
// `PaginationItem` renders one item of it.
// Elements are made with createElement rather than JSX: the same elements, in fewer bytes of bundle.
import { createElement } from 'react';
import type { CSSProperties, Key, KeyboardEvent, MouseEvent, ReactElement, ReactNode } from 'react';
import { checkedUrl } from '../links.js';
import { ownProperties } from '../own-properties.js';
import { layOutPages } from '../page-model.js';
import type { PaginationItemsOptions } from '../page-model.js';
import { paginationSpec } from '../pagination.props.js';
import type { PaginationProps } from '../pagination.props.js';
import { storeProp } from '../props.js';

/**
 * `children` hidden from screen readers (an icon), then `label` as visually hidden text in their place:
 * the children of an item's link, passed as separate arguments (so they need no keys).
 */
export function labelled(children: ReactNode, label: ReactNode): ReactNode[] {
  return [
    createElement('span', { 'aria-hidden': 'true' }, children),
    createElement('span', { className: 'visually-hidden' }, label),
  ];
}

/**
 * `li.page-item` (`.active`, `.disabled`) holding a link to `link` (`a.page-link`, `aria-current="page"`
 * when active) or, when disabled, a `span.page-link` with `aria-disabled="true"`; `content` are the
 * children of either.
 */
export function itemElement(
  key: Key | undefined,
  active: boolean,
  disabled: boolean | undefined,
  link: string | undefined,
  onClick: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined,
  ...content: ReactNode[]
): ReactElement {
  return createElement(
    'li',
    { key, className: `page-item${active ? ' active' : ''}${disabled ? ' disabled' : ''}` },
    disabled
      ? createElement('span', { className: 'page-link', 'aria-disabled': 'true' }, ...content)
      : createElement(
          'a',
          { className: 'page-link', href: link, 'aria-current': active ? 'page' : undefined, onClick },
          ...content,
        ),
  );
}

/** The texts of a pagination, to translate it. */
export interface PaginationLabels {
  /**
   * The `aria-label` of the `nav`.
   * @default 'Pagination'
   */
  nav: string;
  /** @default 'First' */
  first: string;
  /** @default 'Previous' */
  previous: string;
  /** @default 'Next' */
  next: string;
  /** @default 'Last' */
  last: string;
  /**
   * What screen readers hear for an ellipsis.
   * @default 'More'
   */
  more: string;
}

/** What the markup is made of: the Dash props, the layout options and the presentation props. */
export interface PaginationMarkupProps extends Omit<PaginationProps, 'style'>, PaginationItemsOptions {
  /** Inline CSS for the list. */
  style?: CSSProperties | null | undefined;
  /** The URL of each page: items become real links (middle-click, crawlers); without it they are `href="#"`. */
  href?: ((page: number) => string) | undefined;
  /** Texts for screen readers, e.g. for translation; missing ones keep their English default. */
  labels?: Partial<PaginationLabels> | undefined;
  /**
   * The label of each page number, e.g. `(value) => value.toLocaleString()` for `13,524`.
   * @default String(value)
   */
  formatValue?: ((value: number) => ReactNode) | undefined;
}

/** What the interactive `Pagination` does when an enabled item's link is clicked: choose its page. */
export type ChoosePage = (page: number, event: MouseEvent<HTMLAnchorElement>) => void;

const defaultLabels: PaginationLabels = {
  nav: 'Pagination',
  first: 'First',
  previous: 'Previous',
  next: 'Next',
  last: 'Last',
  more: 'More',
};

/** What each control and the ellipsis show, hidden from screen readers, which hear the label instead. */
const icons = { first: '«', previous: '‹', next: '›', last: '»', ellipsis: '…' } as const;

/**
 * The pagination of `props` with `active` as its active page, as Bootstrap 5.3 markup:
 * `nav[aria-label] > ul.pagination > li.page-item > a.page-link | span.page-link`. `props` are read
 * as given: pass own properties only. The interactive `Pagination` passes its handlers, which leave
 * the HTML as it is.
 *
 * @throws RangeError for what the page model refuses; TypeError when `href` gives a script URL.
 */
export function paginationMarkup(
  props: PaginationMarkupProps,
  active: number | null | undefined,
  choose?: ChoosePage,
  onKeyDown?: (event: KeyboardEvent<HTMLUListElement>) => void,
): ReactElement {
  const { formatValue, href } = props;
  // React silently drops what it cannot read as own entries of `style` (a Date, a Map, what an object
  // inherits). Development builds check it as the description class does (storing it in an object nobody
  // reads); bundlers drop the check, and the prop-type modules with it, from production builds.
  if (process.env.NODE_ENV !== 'production') storeProp(paginationSpec, {}, 'style', props.style);
  const labels = ownProperties(props.labels);
  const label = (name: keyof PaginationLabels) => labels[name] ?? defaultLabels[name];
  const children: ReactElement[] = [];
  layOutPages(props, active, (kind, value, flag) => {
    const page = kind === 'page';
    const disabled = !page && flag;
    children.push(
      itemElement(
        // Keys that stay when the page changes: a page's value, a control's kind, an ellipsis's side.
        page ? value : kind === 'ellipsis' ? `ellipsis ${value}` : kind,
        page && flag,
        disabled,
        disabled ? undefined : href ? checkedUrl(href(value), `Pagination: href(${value})`) : '#',
        choose &&
          ((event) => {
            choose(value, event);
          }),
        ...(page
          ? [formatValue ? formatValue(value) : value]
          : labelled(icons[kind], label(kind === 'ellipsis' ? 'more' : kind))),
      ),
    );
  });

  // dbc's rule: the deprecated className still works, class_name wins when both are set.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const extra = props.class_name || props.className;
  return createElement(
    'nav',
    { 'aria-label': label('nav') },
    createElement(
      'ul',
      {
        id: props.id ?? undefined,
        className: `pagination${props.size ? ` pagination-${props.size}` : ''}${extra ? ` ${extra}` : ''}`,
        style: props.style ?? undefined,
        'data-dash-is-loading': ownProperties(props.loading_state).is_loading || undefined,
        onKeyDown,
      },
      children,
    ),
  );
}
