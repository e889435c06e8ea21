import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Anything a player may tap or read as a link: what the floating button must never sit on. */
const INTERACTIVE = 'a,button,input,select,textarea,label,summary,[role="tab"],[role="button"],[tabindex]';

/** True when something the player can tap lies under the button's resting place (its centre or a corner). */
function coversContent(button: HTMLElement): boolean {
  // Where it rests, tucked or not: shell.css's size and distances from the window's corner.
  const style = getComputedStyle(button);
  const size = parseFloat(style.getPropertyValue('--cs-size'));
  const right = document.documentElement.clientWidth - parseFloat(style.getPropertyValue('--cs-right'));
  const bottom = document.documentElement.clientHeight - parseFloat(style.getPropertyValue('--cs-bottom'));
  const left = right - size;
  const top = bottom - size;
  const inset = 6;
  const points: Array<[number, number]> = [
    [(left + right) / 2, (top + bottom) / 2],
    [left + inset, top + inset],
    [right - inset, top + inset],
    [left + inset, bottom - inset],
    [right - inset, bottom - inset],
  ];
  return points.some(([x, y]) =>
    document.elementsFromPoint(x, y).some((element) => !button.contains(element) && element.closest(INTERACTIVE) !== null),
  );
}

/**
 * The floating customer-service button (spec §2), loaded once a page has a link for it; opens in a
 * new tab. Where it would sit on a tab, a link or a field, it tucks itself against the window's edge
 * (a handle stays, and focus brings it back), so it never hides what the player came to tap.
 */
export default function CustomerServiceButton({ url }: { readonly url: string }) {
  const { t, i18n } = useTranslation();
  // The store's own help page opens in the language the player reads, whatever the area says.
  const href = url.startsWith('/#/') ? `${url}${url.includes('?') ? '&' : '?'}lang=${i18n.language}` : url;
  const ref = useRef<HTMLAnchorElement>(null);
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (ref.current) setTucked(coversContent(ref.current));
      });
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.getElementById('main') ?? document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    // A control reached by the keyboard may come to rest under the button: it tucks away then too.
    document.addEventListener('focusin', check);
    return () => {
      document.removeEventListener('focusin', check);
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);
  return (
    <a
      ref={ref}
      // Tucked (shell.css styles the attribute): against the window's edge, a handle left to reach it.
      className="customer-service"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('customerService.label')}
      data-tucked={tucked || undefined}
    >
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 3a8 8 0 0 0-8 8v4a3 3 0 0 0 3 3h1v-7H6a6 6 0 0 1 12 0h-2v7h1.5a2.5 2.5 0 0 1-2.5 2H12v2h3a4.5 4.5 0 0 0 4.4-3.6A3 3 0 0 0 20 15v-4a8 8 0 0 0-8-8Z"
        />
      </svg>
    </a>
  );
}
