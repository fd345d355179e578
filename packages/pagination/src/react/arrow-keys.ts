import type { KeyboardEvent } from 'react';

/**
 * Whether `element`'s directionality is right-to-left, as HTML defines it (the nearest `dir` attribute,
 * `auto` resolved from the text): `:dir(rtl)`. Browsers without `:dir()` (Chrome before 120, Safari
 * before 16.4) throw on it; for them, the nearest `dir` attribute decides.
 */
function isRightToLeft(element: Element): boolean {
  try {
    return element.matches(':dir(rtl)');
  } catch {
    return element.closest('[dir]')?.getAttribute('dir')?.toLowerCase() === 'rtl';
  }
}

/** The index of the link `key` moves focus to, from the link at `current`; `undefined` for other keys. */
function targetIndex(key: string, current: number, count: number, list: Element): number | undefined {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return undefined;
  // Forward in reading order is ArrowRight left to right, ArrowLeft right to left.
  return current + ((key === 'ArrowRight') === isRightToLeft(list) ? -1 : 1);
}

/**
 * The list's key handler: arrow keys move focus to the neighbouring enabled item in the reading
 * direction (stopping at the ends), Home and End to the first and the last; Space chooses the focused item.
 */
export function moveFocus(event: KeyboardEvent<HTMLUListElement>): void {
  const list = event.currentTarget;
  const links = [...list.querySelectorAll('a')];
  // Only links take focus in the list, so the key was pressed on one of them.
  const current = links.findIndex((link) => link === event.target);
  if (event.key === ' ') {
    // A link, unlike a button, does not activate on Space.
    event.preventDefault();
    links[current]?.click();
    return;
  }
  const target = targetIndex(event.key, current, links.length, list);
  if (target === undefined) return;
  event.preventDefault();
  // Past either end there is no link: focus stays on the end link.
  links[target]?.focus();
}
