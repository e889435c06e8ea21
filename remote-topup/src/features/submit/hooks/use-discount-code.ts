import { useCallback, useRef, useState } from 'react';
import { checkDiscountCode, isApiError, type DiscountCheck } from '@topup/shared';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

export type DiscountState =
  | { readonly kind: 'none' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'applied'; readonly check: DiscountCheck }
  | { readonly kind: 'refused'; readonly message: string };

interface Target {
  readonly gameId: string;
  readonly area: string;
  readonly roleId: string;
  readonly productId: string;
}

/**
 * The discount code field: what the player typed and the result of checking it, shown inline.
 * Applying an empty code answers 'Please fill in your discount code' without a call.
 */
export function useDiscountCode(target: Target) {
  const { t } = useTopUpTranslation();
  const [code, setCodeText] = useState('');
  const [state, setState] = useState<DiscountState>({ kind: 'none' });
  const latest = useRef(0);

  const setCode = useCallback((text: string) => {
    latest.current += 1;
    setCodeText(text);
    setState({ kind: 'none' });
  }, []);

  const apply = useCallback(async () => {
    const typed = code.trim();
    const call = (latest.current += 1);
    if (!typed) {
      setState({ kind: 'refused', message: t('validation.fillDiscountCode') });
      return;
    }
    setState({ kind: 'checking' });
    try {
      const check = await checkDiscountCode({
        game_id: target.gameId,
        area: target.area,
        role_id: target.roleId,
        product_id: target.productId,
        discount_code: typed,
      });
      if (call === latest.current) setState({ kind: 'applied', check });
    } catch (error) {
      if (call !== latest.current) return;
      setState({ kind: 'refused', message: isApiError(error) ? error.message : t('error.server', { ns: 'common' }) });
    }
  }, [code, t, target.gameId, target.area, target.roleId, target.productId]);

  return { code, setCode, apply, state };
}
