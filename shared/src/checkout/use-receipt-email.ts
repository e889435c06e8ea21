import { useCallback, useRef, useState, type RefObject } from 'react';
import { isEmailAddress } from './email-address';
import { useSessionState } from './session-state';

/** The order page's optional receipt address. */
export interface ReceiptEmail {
  /** As typed. */
  readonly typed: string;
  /** What the order sends: trimmed, '' for none. */
  readonly value: string;
  /** The address was refused on Pay and not changed since. */
  readonly refused: boolean;
  readonly change: (typed: string) => void;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  /** Before Pay: true when the field is empty or holds an address; otherwise marks it refused and moves focus to it. */
  readonly check: () => boolean;
}

/** Kept for the tab's session and shared by every order page of it: typed once, offered again on the next order. */
const KEEP_KEY = 'topup:receipt-email';

/** The receipt address of both order pages: optional, checked before Pay, kept for the tab's session. */
export function useReceiptEmail(): ReceiptEmail {
  const [typed, setTyped] = useSessionState(KEEP_KEY, '');
  const [refused, setRefused] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const value = typed.trim();
  const change = useCallback(
    (next: string) => {
      setTyped(next);
      setRefused(false);
    },
    [setTyped],
  );
  const check = useCallback(() => {
    if (value === '' || isEmailAddress(value)) return true;
    setRefused(true);
    inputRef.current?.focus();
    return false;
  }, [value]);
  return { typed, value, refused, change, inputRef, check };
}
