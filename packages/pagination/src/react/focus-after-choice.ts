import { useEffect, useRef } from 'react';

/** Focuses the active page's link or, when no page is active, the enabled link nearest to `item`. */
function focusActive(list: Element, item: Element): void {
  const items = [...list.children];
  // -1 when the item itself is gone: the first link is then the nearest.
  const position = items.indexOf(item);
  const distance = (link: Element) =>
    Math.abs((link.parentElement ? items.indexOf(link.parentElement) : -1) - position);
  const links = [...list.querySelectorAll('a')].sort((a, b) => distance(a) - distance(b));
  (list.querySelector<HTMLElement>('[aria-current]') ?? links[0])?.focus();
}

/**
 * Keeps focus in the list when the focused link that chose a page is disabled or removed by that choice
 * (Enter on Next until the last page): focus then moves to the active page instead of falling to the
 * document. Returns the function to call with the link before choosing its page.
 */
export function useFocusAfterChoice(): (link: HTMLAnchorElement) => void {
  // The item whose focused link chose a page, and its list, until the change has rendered.
  const chosen = useRef<{ item: Element; list: Element } | null>(null);
  useEffect(() => {
    if (!chosen.current) return;
    const { item, list } = chosen.current;
    const focused = document.activeElement;
    // Still focused: nothing was lost, or (controlled) the new page has yet to come back.
    if (item.contains(focused)) return;
    chosen.current = null;
    // The link was disabled (now a span) or removed and focus fell to the document: keep it in the list.
    if (focused === document.body && !item.querySelector('a')?.isConnected) focusActive(list, item);
  });
  return (link) => {
    const item = link.parentElement;
    const list = item?.parentElement;
    // A click that did not focus the link (Safari, or a script) leaves focus where it is.
    if (item && list && link === document.activeElement) chosen.current = { item, list };
  };
}
