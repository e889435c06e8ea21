import { useEffect } from 'react';

/** A page reached from a scrolled page starts at its top (the router keeps the old scroll position). */
export function useScrollToTop(): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
}
