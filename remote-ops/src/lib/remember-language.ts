import { useEffect, useRef } from 'react';
import { useAppStore } from '@topup/shared/store';
import { opsCall } from './ops-client';

/**
 * Tells the store the language the signed-in operator uses the console in, at sign-in and at each change
 * of the language switch: the store's mails to them (a password reset link, alerts) are written in it.
 * A failure is not the operator's concern: the next change or sign-in says it again.
 */
export function useRememberedLanguage(signedIn: boolean): void {
  const locale = useAppStore((state) => state.locale);
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!signedIn || told.current === locale) return;
    told.current = locale;
    opsCall('PUT', '/account/language', { language: locale }).catch(() => {
      told.current = null;
    });
  }, [signedIn, locale]);
}
