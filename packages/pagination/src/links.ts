// The URLs of page items: what `href` gives each page, refused when a browser would run it as script.
import type { PageItem } from './page-items.js';

/** A page item with the URL of its page (ellipses have none). */
export type LinkedPageItem = PageItem & { readonly href?: string };

/**
 * `url` as given, unless a browser would run it instead of navigating to it: `javascript:` and `data:` in
 * every spelling the URL parser still reads as such (any case, after spaces and control characters,
 * with tabs and newlines anywhere). React 18 renders such a link as is, React 19 as a `javascript:` URL
 * that throws: both are refused here, the same way.
 *
 * @throws TypeError naming `source` and the URL.
 */
export function checkedUrl(url: string, source: string): string {
  // What a browser's URL parser does before reading the scheme: every tab and newline is removed, then
  // leading C0 controls and spaces (`[\0- ]`, U+0000 to U+0020); the scheme itself is case-insensitive.
  if (/^[\0- ]*(javascript|data):/i.test(url.replace(/[\t\n\r]/g, ''))) {
    throw new TypeError(
      `${source} is ${JSON.stringify(url)}${
        // Production builds leave out the why, like React's own errors: those bytes go to every browser.
        process.env.NODE_ENV === 'production'
          ? ', a script URL.'
          : ': javascript: and data: URLs run script instead of navigating.'
      }`,
    );
  }
  return url;
}

/**
 * `items`, each page and control with `href` set to `href(page)` (checked by `checkedUrl`); without
 * `href`, the items as they are.
 */
export function withHrefs(
  items: readonly PageItem[],
  href: ((page: number) => string) | undefined,
): readonly LinkedPageItem[] {
  if (href === undefined) return items;
  return items.map((item) => {
    if (item.kind === 'ellipsis') return item;
    const page = item.kind === 'page' ? item.value : item.target;
    return { ...item, href: checkedUrl(href(page), `Pagination: href(${page})`) };
  });
}
