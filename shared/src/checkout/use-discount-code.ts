import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@topup/shared/api';
import { showCallError } from '@topup/shared/ui';
import type { CheckDiscountCodePayload, DiscountCheck } from '@topup/shared/types';
import { checkoutMessage, showCheckoutCheck } from './checkout-strings';
import { useSessionState } from './session-state';

export interface DiscountCodeTarget {
  readonly gameId: string;
  readonly area: string;
  readonly roleId: string;
  /** The bundle the code would price, or '' before one is chosen. */
  readonly productId: string;
  /** The pay method chosen: a method that costs another amount changes what the code takes off. */
  readonly payType?: string;
  /** The bundle's price as the page shows it: when the store's price changes, an applied code is checked again. */
  readonly price?: string;
  /** The storefront's call (`checkDiscountCode` of its API family). */
  readonly check: (payload: CheckDiscountCodePayload, signal: AbortSignal) => Promise<DiscountCheck>;
  /** Keeps the typed code, and whether it was applied, for the tab's session (checked again on return). */
  readonly keepKey?: string | null;
}

interface Applied {
  /** The bundle, pay method and price it was checked for ("product|payType|price"). */
  readonly target: string;
  readonly check: DiscountCheck;
}

/**
 * The discount-code box of both storefronts. Applying checks the code against the chosen bundle.
 * An empty box ('Please fill in your discount code') and the store's refusal (unknown, expired, used
 * up…) show under the box, since they answer what the player typed (and a screen reader hears them
 * there); no bundle yet is a local check (a toast); a transport failure is a dialog. A code applies to one bundle: choosing another
 * checks it again. Typing or removing drops the applied code and cancels a check under way.
 */
export function useDiscountCode({ gameId, area, roleId, productId, payType = '', price = '', check, keepKey = null }: DiscountCodeTarget) {
  const target = `${productId}|${payType}|${price}`;
  const latestPrice = useRef(price);
  latestPrice.current = price;
  const [kept, keepCode] = useSessionState(keepKey && `${keepKey}:code`, { code: '', applied: false });
  const [code, setCodeTextOnly] = useState(kept.code);
  const setCodeText = useCallback((text: string, wasApplied = false) => {
    setCodeTextOnly(text);
    keepCode({ code: text, applied: wasApplied });
  }, [keepCode]);
  const [applied, setApplied] = useState<Applied | null>(null);
  const [refusal, setRefusal] = useState('');
  const [checking, setChecking] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const latestCheck = useRef(check);
  latestCheck.current = check;

  const run = useCallback(
    async (typed: string, forProduct: string, forPayType: string) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setChecking(true);
      setRefusal('');
      const forTarget = `${forProduct}|${forPayType}|${latestPrice.current}`;
      try {
        const result = await latestCheck.current(
          { game_id: gameId, area, role_id: roleId, product_id: forProduct, discount_code: typed, ...(forPayType ? { pay_type: forPayType } : {}) },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        setApplied({ target: forTarget, check: result });
        setCodeText(result.discount_code, true);
      } catch (error) {
        if (controller.signal.aborted) return;
        setApplied(null);
        if (isApiError(error) && error.kind === 'server') setRefusal(error.message);
        else showCallError(error);
      } finally {
        if (!controller.signal.aborted) setChecking(false);
      }
    },
    [gameId, area, roleId, setCodeText],
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
    void run(typed, productId, payType);
  }, [code, productId, payType, run]);

  // Another bundle or pay method (or one chosen while a check was under way): the code applied
  // to the last one is checked for this one.
  useEffect(() => {
    if (!productId || !applied || applied.target === target) return;
    void run(applied.check.discount_code, productId, payType);
    // Only a new bundle or method, or a check answered for another one, starts a new check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, applied]);

  // Back on the page with a code that was applied: the store checks it again (it may have run out).
  const restoring = useRef(kept.applied);
  useEffect(() => {
    if (!restoring.current || !productId || !kept.code) return;
    restoring.current = false;
    void run(kept.code, productId, payType);
  }, [productId, payType, kept.code, run]);

  useEffect(() => () => pending.current?.abort(), []);

  const setCode = useCallback((value: string) => {
    pending.current?.abort();
    setChecking(false);
    setCodeText(value);
    setRefusal('');
    setApplied(null);
  }, [setCodeText]);

  const remove = useCallback(() => setCode(''), [setCode]);

  const current = applied && applied.target === target ? applied.check : null;
  return { code, setCode, apply, remove, checking, refusal, applied: current };
}

export type DiscountCode = ReturnType<typeof useDiscountCode>;
