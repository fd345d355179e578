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
    // The `dir` property reads the attribute as a known value in lower case (`RTL` is `rtl`).
    return element.closest<HTMLElement>('[dir]')?.dir === 'rtl';
  }
}

/**
 * The list's key handler: arrow keys move focus to the neighbouring enabled item in the reading
 * direction (stopping at the ends), Home and End to the first and the last; Space chooses the focused item.
 */
export function moveFocus(event: KeyboardEvent<HTMLUListElement>): void {
  const { currentTarget: list, key } = event;
  const links = [...list.querySelectorAll('a')];
  // Only links take focus in the list, so the key was pressed on one of them.
  const current = links.indexOf(event.target as HTMLAnchorElement);
  let target: number;
  if (key === 'Home') target = 0;
  else if (key === 'End') target = links.length - 1;
  // Forward in reading order is ArrowRight left to right, ArrowLeft right to left.
  else if (key === 'ArrowLeft' || key === 'ArrowRight')
    target = current + ((key === 'ArrowRight') === isRightToLeft(list) ? -1 : 1);
  else {
    // A link, unlike a button, does not activate on Space.
    if (key === ' ') {
      event.preventDefault();
      links[current]?.click();
    }
    return;
  }
  event.preventDefault();
  // Past either end there is no link: focus stays on the end link.
  links[target]?.focus();
}
