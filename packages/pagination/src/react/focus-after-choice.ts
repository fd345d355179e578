import { useEffect, useRef } from 'react';

/** The link that chose a page while it had focus, its list, and the position of its item there. */
type Choice = readonly [link: HTMLAnchorElement, list: Element, position: number];

/** Focuses the active page's link or, when no page is active, the link nearest to where the chosen item was. */
function focusActive([, list, position]: Choice): void {
  const items = list.children;
  let target = list.querySelector<HTMLElement>('[aria-current]');
  // Outward from the position, the earlier item first at each distance.
  for (let distance = 0; !target && distance < items.length; distance++)
    target =
      items[position - distance]?.querySelector('a') ??
      items[position + distance]?.querySelector('a') ??
      null;
  target?.focus();
}

/**
 * Keeps focus in the list when the focused link that chose a page is disabled or removed by that choice
 * (Enter on Next until the last page): focus then moves to the active page instead of falling to the
 * document. Returns the function to call with the link before choosing its page.
 */
export function useFocusAfterChoice(): (link: HTMLAnchorElement) => void {
  // Kept until the change has rendered.
  const chosen = useRef<Choice>(undefined);
  useEffect(() => {
    const choice = chosen.current;
    if (!choice) return;
    const [link] = choice;
    // Still focused: nothing was lost, or (controlled) the new page has yet to come back.
    if (link === document.activeElement) return;
    chosen.current = undefined;
    // The link was disabled (now a span) or removed and focus fell to the document: keep it in the list.
    if (!link.isConnected && document.activeElement === document.body) focusActive(choice);
  });
  return (link) => {
    const item = link.parentElement;
    const list = item?.parentElement;
    // A click that did not focus the link (Safari, or a script) leaves focus where it is.
    if (item && list && link === document.activeElement)
      chosen.current = [link, list, [...list.children].indexOf(item)];
  };
}
