import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

export interface FocusTrapOptions {
  /** Called on Escape. */
  readonly onEscape?: () => void;
  /** The element to focus first; defaults to the first focusable one, then the container. */
  readonly initialFocus?: RefObject<HTMLElement | null>;
}

/** Open traps, newest last: only the top one answers the keyboard (a preview above a dialog). */
const stack: object[] = [];

/** The store's page (the host's mount point): modal layers are its siblings at the end of <body>. */
const page = () => document.getElementById('root');

/**
 * While active: moves focus into the container, keeps Tab inside it (even after the focused
 * button got disabled), closes on Escape, and gives focus back to whatever had it before. The page
 * behind is `inert` meanwhile, out of reach of the keyboard, the pointer and screen readers.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean, options: FocusTrapOptions = {}): void {
  // Kept in a ref so a new callback on each render does not move focus again.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  // Before the layer is painted: no frame shows it open with focus (and the keyboard) still behind it.
  useLayoutEffect(() => {
    const root = container.current;
    if (!active || !root) return undefined;
    const token = {};
    stack.push(token);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    page()?.setAttribute('inert', '');
    const first = latest.current.initialFocus?.current ?? focusables(root)[0] ?? root;
    first.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token) return;
      const { onEscape } = latest.current;
      if (event.key === 'Escape' && onEscape) {
        event.preventDefault();
        event.stopPropagation();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(root);
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!firstItem || !lastItem) {
        event.preventDefault();
        root.focus({ preventScroll: true });
        return;
      }
      const inside = root.contains(document.activeElement);
      if (!inside || (event.shiftKey && document.activeElement === firstItem)) {
        event.preventDefault();
        (event.shiftKey ? lastItem : firstItem).focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      stack.splice(stack.indexOf(token), 1);
      if (stack.length === 0) page()?.removeAttribute('inert');
      if (previous && previous.isConnected) previous.focus({ preventScroll: true });
    };
  }, [container, active]);
}
