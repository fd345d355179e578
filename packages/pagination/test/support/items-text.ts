// Page items as one line of text, so case tables read like the rendered pagination.
import type { PageItem } from '../../src/index.js';

const controlSigns = { first: '«', previous: '‹', next: '›', last: '»' } as const;

/**
 * `[3]` is the active page, `…` an ellipsis, `‹2` a control with its target, `‹(1)` a disabled one.
 *
 * @example itemsText(paginationItems({ max_value: 3, previous_next: true })) // '‹(1) [1] 2 3 ›2'
 */
export function itemsText(items: readonly PageItem[]): string {
  return items
    .map((item) => {
      switch (item.kind) {
        case 'page':
          return item.active ? `[${item.value}]` : String(item.value);
        case 'ellipsis':
          return '…';
        default:
          return `${controlSigns[item.kind]}${item.disabled ? `(${item.target})` : item.target}`;
      }
    })
    .join(' ');
}
