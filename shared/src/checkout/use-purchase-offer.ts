import { useCallback, useEffect, useRef, useState } from 'react';
import { callAction, isApiError } from '@topup/shared/api';
import type { CreatedOrder, CreateOrderPayload, OrderInfo, PurchaseOffer } from '@topup/shared/types';
import { usePlaceOrder } from './use-place-order';

export type OfferTerms = NonNullable<PurchaseOffer['offer']>;

/** `purchaseOffer`: the post-purchase offer of a paid order (docs/api.md); `offer` null when there is none now. */
export function getPurchaseOffer(orderId: string, signal?: AbortSignal, action = 'purchaseOffer'): Promise<PurchaseOffer> {
  return callAction<PurchaseOffer>(action, { order_id: orderId }, signal);
}

/** The ret of a post-purchase offer that is not this character's, over, or bought already. */
export const OFFER_NOT_AVAILABLE_RET = 1031;

export interface PurchaseOfferState {
  /** The offer, while it stands; null before it loads, when there is none, and once it ended. */
  readonly offer: OfferTerms | null;
  /** Seconds left, counted down from the store's answer (the page's clock is never compared with the store's). */
  readonly secondsLeft: number;
  /** The store refused the offer when it was bought (its message), or null. */
  readonly refusal: string | null;
  readonly placing: boolean;
  readonly agreed: boolean;
  readonly agree: (agreed: boolean) => void;
  /** 'Please agree protocal' is shown under the box after a tap without it. */
  readonly agreementMissing: boolean;
  /** Buys the offer in one step: the paid order's character and pay method, the offer's price as shown. */
  readonly buy: () => Promise<void>;
}

/**
 * The post-purchase offer of a paid order (decision 307), for its result page: asked once the order is
 * paid, counted down from the store's `seconds_left`, bought with the storefront's own order call and
 * `offer_of` through the one token policy (`usePlaceOrder`). The store prices it; the page only sends the
 * price it showed (`seen_amount`), so a changed offer is refused, never charged.
 */
export function usePurchaseOffer(
  order: OrderInfo | null,
  options: {
    readonly paid: boolean;
    readonly send: (payload: CreateOrderPayload) => Promise<CreatedOrder>;
    readonly onPlaced: (placed: CreatedOrder) => void;
    readonly load?: (orderId: string, signal: AbortSignal) => Promise<PurchaseOffer>;
  },
): PurchaseOfferState {
  const orderId = order?.order_id ?? '';
  const [offer, setOffer] = useState<OfferTerms | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [agreementMissing, setAgreementMissing] = useState(false);
  const { placeOrder, placing } = usePlaceOrder(`offer:${orderId}`);
  const load = options.load ?? ((id: string, signal: AbortSignal) => getPurchaseOffer(id, signal));
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!orderId || !options.paid) return undefined;
    const controller = new AbortController();
    loadRef
      .current(orderId, controller.signal)
      .then((answer) => {
        setOffer(answer.offer);
        setSecondsLeft(answer.offer?.seconds_left ?? 0);
      })
      // No offer is shown when it cannot be read: the result page is about the order.
      .catch(() => undefined);
    return () => controller.abort();
  }, [orderId, options.paid]);

  const running = offer !== null && secondsLeft > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const buy = useCallback(async () => {
    if (!order || !offer || secondsLeft <= 0) return;
    setAgreementMissing(!agreed);
    setRefusal(null);
    const placed = await placeOrder({
      agreed,
      buyer: { gameId: String(order.game_id), area: order.area, roleId: order.role_id },
      answer: (error) => {
        if (!isApiError(error) || error.kind !== 'server') return false;
        // The offer ended, was bought, or its price changed: said on the card, and the card goes.
        setRefusal(error.message);
        setOffer(null);
        return true;
      },
      send: (order_token) =>
        options.send({
          game_id: order.game_id,
          area: order.area,
          server_id: order.server_id,
          role_id: order.role_id,
          uid: '',
          product_id: offer.product_id,
          pay_type: offer.pay_type,
          discount_code: '',
          order_token,
          seen_amount: offer.amount,
          offer_of: order.order_id,
        }),
    });
    if (placed) options.onPlaced(placed);
  }, [order, offer, secondsLeft, agreed, placeOrder, options]);

  return {
    offer: secondsLeft > 0 ? offer : null,
    secondsLeft,
    refusal,
    placing,
    agreed,
    agree: (value) => {
      setAgreed(value);
      if (value) setAgreementMissing(false);
    },
    agreementMissing: agreementMissing && !agreed,
    buy,
  };
}
