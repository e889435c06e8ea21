import { CHECKOUT_NAMESPACE, createOrder, usePurchaseOffer } from '@topup/shared/checkout';
import { PurchaseOfferCard } from '@topup/shared/checkout-ui';
import type { OrderInfo } from '@topup/shared/types';
import { goToPayment } from '../../submit/hooks/use-submit-order';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import './post-purchase-offer.css';

const CLASSES = { card: 'od-card', buy: 'od-button od-button--primary', muted: '', agreementPrefix: 'od' };

/**
 * The post-purchase offer on the result page of a paid order (decision 307): one bundle for a limited
 * time, counted down, bought in one step for the same character with the same pay method, its order then
 * paid like any. Loaded on demand by the result page; shows nothing when there is no offer.
 */
export default function PostPurchaseOffer({ order, paid }: { readonly order: OrderInfo; readonly paid: boolean }) {
  const { t } = useTopUpTranslation();
  const state = usePurchaseOffer(order, { paid, send: (payload) => createOrder(payload), onPlaced: (placed) => goToPayment.assign(placed.pay_url) });
  if (!state.offer && !state.refusal) return null;
  // The card and its words are shared by both storefronts; the layout is this one's.
  return (
    <PurchaseOfferCard
      state={state}
      order={order}
      prefix="pr"
      classes={CLASSES}
      agreementError={state.agreementMissing ? t('validation.agreeProtocol', { ns: CHECKOUT_NAMESPACE }) : null}
    />
  );
}
