import { CHECKOUT_NAMESPACE, usePurchaseOffer } from '@topup/shared/checkout';
import { PurchaseOfferCard } from '@topup/shared/checkout-ui';
import { pcpay } from '@topup/shared/pay-centre-api';
import { useStoreNavigate } from '@topup/shared/store';
import type { OrderInfo } from '@topup/shared/types';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import './pc-purchase-offer.css';

const CLASSES = { card: 'pc-panel', buy: 'pc-button pc-button--primary', muted: 'pc-muted', agreementPrefix: 'pc' };

/**
 * The post-purchase offer beside a paid order in the pay centre (decision 307): the shared card in the
 * pay centre's layout, bought with `pay` and `offer_of` for the same character and pay method, its order
 * then followed on this page. Loaded on demand; shows nothing when there is no offer.
 */
export default function PcPurchaseOffer({ order, from }: { readonly order: OrderInfo; readonly from: string }) {
  const navigate = useStoreNavigate();
  const { t } = usePcTranslation();
  const state = usePurchaseOffer(order, {
    paid: true,
    send: (payload) => pcpay.pay(payload),
    onPlaced: (placed) => navigate('/pcpay', { order_id: placed.order_id, game_id: order.game_id, area: order.area, from }),
  });
  if (!state.offer && !state.refusal) return null;
  // The card and its words are shared by both storefronts; the layout is this one's.
  return (
    <PurchaseOfferCard
      state={state}
      order={order}
      prefix="pc"
      classes={CLASSES}
      agreementError={state.agreementMissing ? t('validation.agreeProtocol', { ns: CHECKOUT_NAMESPACE }) : null}
    />
  );
}
