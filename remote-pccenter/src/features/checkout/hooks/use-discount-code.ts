import { useCallback, useEffect, useRef, useState } from 'react';
import { checkPayCentreDiscountCode, isApiError, showCallError, showToast, type Bundle, type DiscountCheck } from '@topup/shared';
import { usePcTranslation } from '../../../lib/use-pc-translation';

interface Options {
  readonly gameId: string;
  readonly area: string;
  readonly roleId: string;
  readonly bundle: Bundle | null;
}

interface Applied {
  readonly productId: string;
  readonly check: DiscountCheck;
}

/**
 * The discount-code box: `checkDiscountCode` prices the chosen bundle with the code; the store's
 * refusal (unknown, expired, used up…) shows under the box. A code applies to one bundle: choosing
 * another checks it again.
 */
export function useDiscountCode({ gameId, area, roleId, bundle }: Options) {
  const { t } = usePcTranslation();
  const [code, setCodeState] = useState('');
  const [applied, setApplied] = useState<Applied | null>(null);
  const [refusal, setRefusal] = useState('');
  const [checking, setChecking] = useState(false);
  const pending = useRef<AbortController | null>(null);

  const check = useCallback(
    async (typed: string, forBundle: Bundle) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setChecking(true);
      setRefusal('');
      try {
        const result = await checkPayCentreDiscountCode(
          { game_id: gameId, area, role_id: roleId, product_id: forBundle.product_id, discount_code: typed },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        setApplied({ productId: forBundle.product_id, check: result });
        setCodeState(result.discount_code);
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
      showToast(t('validation.discountCode'));
      return;
    }
    if (!bundle) {
      showToast(t('validation.chooseBundle'));
      return;
    }
    void check(typed, bundle);
  }, [code, bundle, check, t]);

  // Another bundle: the code applied to the last one is checked for this one.
  const productId = bundle?.product_id ?? '';
  useEffect(() => {
    if (!bundle || !applied || applied.productId === productId) return;
    void check(applied.check.discount_code, bundle);
    // `bundle` is read through its product id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);

  const setCode = useCallback((value: string) => {
    setCodeState(value);
    setRefusal('');
    setApplied(null);
  }, []);

  const remove = useCallback(() => {
    pending.current?.abort();
    setChecking(false);
    setCode('');
  }, [setCode]);

  const current = applied && applied.productId === productId ? applied.check : null;
  return { code, setCode, apply, remove, checking, refusal, applied: current };
}

export type DiscountCodeState = ReturnType<typeof useDiscountCode>;
