import { useState } from 'react';

/**
 * True from the first time `open` is true: a popup's code is fetched when a player first opens it
 * (the fields that open it are on the first screen, the popups are not), then it stays mounted.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
