import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@topup/shared/api';
import { showCallError } from '@topup/shared/ui';
import type { CheckDiscountCodePayload, DiscountCheck } from '@topup/shared/types';
import { checkoutMessage, showCheckoutCheck } from './checkout-strings';

export interface DiscountCodeTarget {
  readonly gameId: string;
  readonly area: string;
  readonly roleId: string;
  /** The bundle the code would price, or '' before one is chosen. */
  readonly productId: string;
  /** The storefront's call (`checkDiscountCode` of its API family). */
  readonly check: (payload: CheckDiscountCodePayload, signal: AbortSignal) => Promise<DiscountCheck>;
}

interface Applied {
  readonly productId: string;
  readonly check: DiscountCheck;
}

/**
 * The discount-code box of both storefronts. Applying checks the code against the chosen bundle.
 * An empty box ('Please fill in your discount code') and the store's refusal (unknown, expired, used
 * up…) show under the box, since they answer what the player typed (and a screen reader hears them
 * there); no bundle yet is a local check (a toast); a transport failure is a dialog. A code applies to one bundle: choosing another
 * checks it again. Typing or removing drops the applied code and cancels a check under way.
 */
export function useDiscountCode({ gameId, area, roleId, productId, check }: DiscountCodeTarget) {
  const [code, setCodeText] = useState('');
  const [applied, setApplied] = useState<Applied | null>(null);
  const [refusal, setRefusal] = useState('');
  const [checking, setChecking] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const latestCheck = useRef(check);
  latestCheck.current = check;

  const run = useCallback(
    async (typed: string, forProduct: string) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setChecking(true);
      setRefusal('');
      try {
        const result = await latestCheck.current(
          { game_id: gameId, area, role_id: roleId, product_id: forProduct, discount_code: typed },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        setApplied({ productId: forProduct, check: result });
        setCodeText(result.discount_code);
      } catch (error) {
        if (controller.signal.aborted) return;
        setApplied(null);
        if (isApiError(error) && error.kind === 'server') setRefusal(error.message);
        else showCallError(error);
      } finally {
        if (!controller.signal.aborted) setChecking(false);
      }
    },
    [gameId, area, roleId],
  );

  const apply = useCallback(() => {
    const typed = code.trim();
    if (!typed) {
      setRefusal(checkoutMessage('validation.fillDiscountCode'));
      return;
    }
    if (!productId) {
      showCheckoutCheck('validation.chooseBundle');
      return;
    }
    void run(typed, productId);
  }, [code, productId, run]);

  // Another bundle: the code applied to the last one is checked for this one.
  useEffect(() => {
    if (!productId || !applied || applied.productId === productId) return;
    void run(applied.check.discount_code, productId);
    // Only a new bundle starts a new check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);

  useEffect(() => () => pending.current?.abort(), []);

  const setCode = useCallback((value: string) => {
    pending.current?.abort();
    setChecking(false);
    setCodeText(value);
    setRefusal('');
    setApplied(null);
  }, []);

  const remove = useCallback(() => setCode(''), [setCode]);

  const current = applied && applied.productId === productId ? applied.check : null;
  return { code, setCode, apply, remove, checking, refusal, applied: current };
}

export type DiscountCode = ReturnType<typeof useDiscountCode>;
