import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/**
 * Every page names the tab after its heading, in the player's language; after a move to another
 * page, focus goes to that heading so keyboard and screen-reader users start at the top of it.
 * A remote's heading may come after its code and data: the page is watched while it is shown.
 */
export function usePageFocus(): void {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation('shell');
  const opened = useRef(false);
  useEffect(() => {
    let focusPending = opened.current;
    opened.current = true;
    const main = document.getElementById('main');
    if (!main) return undefined;
    // The heading may change its words (the game's name replaces "Top up"): the title follows it.
    const settle = () => {
      const heading = main.querySelector('h1');
      if (!heading) return;
      document.title = `${heading.textContent} · ${t('brand.name')}`;
      if (focusPending) {
        focusPending = false;
        heading.tabIndex = -1;
        heading.focus();
      }
    };
    settle();
    const observer = new MutationObserver(settle);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname, i18n.language, t]);
}
