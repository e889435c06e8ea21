import { useCallback, useEffect, useRef, useState } from 'react';
import { createOrder, isApiError, newOrderToken, showLoadingToast, showToast, type CreateOrderPayload } from '@topup/shared';
import { showCallError } from '../../../lib/show-call-error';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

export type OrderFields = Omit<CreateOrderPayload, 'order_token'>;

/** Where the browser goes to pay; replaced in tests. */
export const goToPayment = { assign: (url: string) => window.location.assign(url) };

/**
 * Submits the order once: a double tap while a call is out does nothing, and a retry after a
 * lost answer sends the same `order_token`, so the server answers with the same order. A token
 * is only replaced after the server refused the order (none was placed with it).
 */
export function useSubmitOrder() {
  const { t } = useTopUpTranslation();
  const token = useRef(newOrderToken());
  const busy = useRef(false);
  const [placing, setPlacing] = useState(false);

  // Back from the payment page (the browser restored this page): a new submission is a new order.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      token.current = newOrderToken();
      busy.current = false;
      setPlacing(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const submit = useCallback(
    async (fields: OrderFields, agreed: boolean) => {
      if (!agreed) {
        showToast(t('validation.agreeProtocol'));
        return false;
      }
      if (busy.current) return false;
      busy.current = true;
      setPlacing(true);
      const toast = showLoadingToast(t('submit.placing'), { duration: 0 });
      try {
        const order = await createOrder({ ...fields, order_token: token.current });
        goToPayment.assign(order.pay_url);
        return true;
      } catch (error) {
        if (isApiError(error) && error.kind === 'server') token.current = newOrderToken();
        showCallError(error);
        busy.current = false;
        setPlacing(false);
        return false;
      } finally {
        toast.close();
      }
    },
    [t],
  );

  return { submit, placing };
}
