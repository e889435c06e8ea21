import type { KeyboardEvent } from 'react';

const STEPS: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A group of `role="radio"` buttons moves like native radios: Tab reaches the chosen one (or the
 * first while none is chosen), the arrow keys move to the next or previous one and choose it,
 * Home and End go to the ends.
 */
export function radioTabIndex(index: number, chosenIndex: number): 0 | -1 {
  return index === (chosenIndex < 0 ? 0 : chosenIndex) ? 0 : -1;
}

/** Handles the keys of the radio at `index` among `count`; `choose` is called with the one moved to. */
export function onRadioKeyDown(event: KeyboardEvent<HTMLElement>, index: number, count: number, choose: (index: number) => void): void {
  let next: number;
  if (event.key in STEPS) next = (index + (STEPS[event.key] as number) + count) % count;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = count - 1;
  else return;
  event.preventDefault();
  const radios = event.currentTarget.closest('[role="radiogroup"]')?.querySelectorAll<HTMLElement>('[role="radio"]');
  radios?.[next]?.focus();
  choose(next);
}
