import { useCallback, useMemo, useRef, useState } from 'react';
import { createPayCentreOrder, showCallError, showToast, useStoreNavigate, type Bundle, type DiscountCheck } from '@topup/shared';
import type { CharacterChoice } from '../../../lib/pc-query';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import { reportActivity } from '../../reports/report-view';
import { newOrderToken } from '../order-token';

interface Options {
  readonly choice: CharacterChoice;
  readonly bundle: Bundle | null;
  readonly tab: string;
  readonly payType: string;
  readonly discount: DiscountCheck | null;
  readonly agreed: boolean;
}

/**
 * Placing the order with `pay`: a bundle must be chosen and the agreement ticked ('Please agree
 * protocal'); the purchase intent is reported (type 3); then the player goes to /pcpay. One token
 * per purchase: resending the same one never places a second order.
 */
export function usePlaceOrder({ choice, bundle, tab, payType, discount, agreed }: Options) {
  const { t } = usePcTranslation();
  const navigate = useStoreNavigate();
  const [placing, setPlacing] = useState(false);
  const busy = useRef(false);
  const code = discount?.discount_code ?? '';
  const purchaseKey = `${bundle?.product_id ?? ''}|${payType}|${code}`;
  // A new token for each different purchase; the same one for a retry of this purchase.
  const token = useMemo(() => (purchaseKey ? newOrderToken() : ''), [purchaseKey]);

  const placeOrder = useCallback(async () => {
    if (!bundle) {
      showToast(t('validation.chooseBundle'));
      return;
    }
    if (!agreed) {
      showToast(t('validation.agree'));
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setPlacing(true);
    try {
      reportActivity(choice, 3, tab, bundle.product_id);
      const { role } = choice;
      const order = await createPayCentreOrder({
        game_id: choice.gameId,
        area: choice.area,
        server_id: role.server_id,
        role_id: role.role_id,
        uid: role.uid,
        product_id: bundle.product_id,
        pay_type: payType,
        discount_code: code,
        order_token: token,
      });
      navigate('/pcpay', { order_id: order.order_id, game_id: choice.gameId, area: choice.area, from: choice.from });
    } catch (error) {
      showCallError(error);
    } finally {
      busy.current = false;
      setPlacing(false);
    }
  }, [bundle, agreed, choice, tab, payType, code, token, navigate, t]);

  return { placeOrder, placing };
}
