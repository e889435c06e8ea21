import { useState } from 'react';
import type { CheckDiscountCodePayload, CreateOrderPayload, DiscountCheck, PayType, RoleInfo } from '@topup/shared/types';
import { isApiError } from '@topup/shared/api';
import { showCheckoutCheck } from './checkout-strings';
import { methodAmount } from './method-price';
import { PRICE_CHANGED_RET, purchaseLimitReached, type LimitedBundle } from './price-change';
import { usePriceChange } from './use-price-change';
import { useSessionState } from './session-state';
import { useDiscountCode } from './use-discount-code';
import { usePayMethod } from './use-pay-method';
import { usePlaceOrder } from './use-place-order';
import { useReceiptEmail } from './use-receipt-email';

/** The bundle the order is for, as the page shows it (the store's, once confirmed), with the character's purchases of it. */
export interface SubmitBundle extends LimitedBundle {
  readonly product_id: string;
  readonly amount: string;
}

export interface SubmitStepOptions<T extends { readonly order_id: string }> {
  /**
   * Where the page's choices are kept for the tab's session (reload, Back): `checkoutKeepKey` of
   * what the page's address fixes.
   */
  readonly keepKey: string;
  readonly gameId: string;
  readonly area: string;
  /** The character the order goes to (the game's, once confirmed). */
  readonly role: RoleInfo;
  /** The bundle, or null before the player chose one. */
  readonly bundle: SubmitBundle | null;
  /**
   * The price the player chose the bundle at before this page asked the store (the phone's shelf, in
   * /submit's link): a store price that differs is named ("$49.99 → $59.99") before Pay.
   */
  readonly chosenAt?: string;
  /** The bundle's price is the store's (false while the page shows a link's, not yet confirmed): only then is it compared. */
  readonly priced?: boolean;
  /** Reads the bundle's price from the store again (after the store refused a price changed meanwhile). */
  readonly reprice?: () => void;
  /** The pay methods the store offers for the game. */
  readonly payTypes: readonly PayType[];
  /** The storefront's discount-code call. */
  readonly checkCode: (payload: CheckDiscountCodePayload, signal: AbortSignal) => Promise<DiscountCheck>;
  /** The storefront's order call (`createOrder` or `pcpay.pay`). */
  readonly send: (payload: CreateOrderPayload) => Promise<T>;
  /** Said just before the order goes out, once every check passed (the pay centre's purchase intent). */
  readonly beforeSend?: () => void;
  /** Where the page goes with the placed order. */
  readonly onPlaced: (placed: T) => void;
}

/**
 * Where an order page's choices are kept for the tab's session: what the page's address fixes. The
 * phone's /submit is one bundle's page (another bundle starts afresh); the pay centre's /pcSubmit is
 * a character's page, whose bundle is chosen on it (the code and method stay when it changes).
 */
export function checkoutKeepKey(storefront: 'topup' | 'pc', page: { readonly gameId: string; readonly area: string; readonly role: RoleInfo; readonly productId?: string }): string {
  const { role } = page;
  const key = `${storefront}:checkout:${page.gameId}|${page.area}|${role.server_id}|${role.role_id}`;
  return page.productId === undefined ? key : `${key}|${page.productId}`;
}

/**
 * The submit step of both storefronts, without its layout: the pay method, the discount code, the
 * receipt address and the agreement (kept for the tab's session), the total, and Pay. Pay checks in
 * the order the page reads, top to bottom: a bundle ('Please choose a bundle first'), the receipt
 * address (refused beside the field, which takes the focus), then the agreement ('Please agree
 * protocal', a toast and the same words under the box); only then is the order sent, with one token
 * per purchase (`usePlaceOrder`) and the bundle's shown price, which the store checks.
 */
export function useSubmitStep<T extends { readonly order_id: string }>(options: SubmitStepOptions<T>) {
  const { keepKey, gameId, area, role, bundle, payTypes } = options;
  const productId = bundle?.product_id ?? '';
  const payMethod = usePayMethod(payTypes, keepKey);
  const payType = payMethod.chosen;
  // The price is part of what a code was checked for: a price changed meanwhile checks it again.
  const discount = useDiscountCode({ gameId, area, roleId: role.role_id, productId, payType, price: bundle?.amount ?? '', check: options.checkCode, keepKey });
  const code = discount.applied?.discount_code ?? '';
  const receipt = useReceiptEmail();
  const [agreed, setAgreed] = useSessionState(`${keepKey}:agreed`, false);
  // Pay pressed without the agreement: its words stay under the box until it is ticked.
  const [agreementMissing, setAgreementMissing] = useState(false);
  // One order token per purchase: what is bought, how, with which code, for whom, receipt to where.
  const { placeOrder, placing } = usePlaceOrder([productId, payType, code, role.server_id, role.role_id, receipt.value].join('|'));

  // A method that costs another amount: its price (what the server charges for it), before any code.
  const methodPercent = payTypes.find((type) => type.pay_type === payType)?.price_percent ?? 0;
  const methodPrice = bundle ? methodAmount(bundle.amount, methodPercent, area) : '';
  const total = discount.applied ? discount.applied.amount : methodPrice;
  // What the method adds to (or takes off) the bundle's price, shown as its own line, never folded into it.
  const methodFee = bundle && methodPrice !== bundle.amount ? (Number(methodPrice) - Number(bundle.amount)).toFixed(methodPrice.includes('.') ? 2 : 0) : '';
  const price = usePriceChange(productId, options.priced === false ? undefined : bundle?.amount, options.chosenAt);
  const limitReached = purchaseLimitReached(bundle);

  const agree = (value: boolean) => {
    setAgreed(value);
    if (value) setAgreementMissing(false);
  };

  const pay = async (): Promise<void> => {
    if (!bundle) {
      showCheckoutCheck('validation.chooseBundle');
      return;
    }
    if (limitReached) return;
    if (!receipt.check()) return;
    setAgreementMissing(!agreed);
    const sent = bundle.amount;
    const placed = await placeOrder({
      agreed,
      buyer: { gameId, area, roleId: role.role_id },
      // The price changed meanwhile: the page asks the store again and shows both prices, no dialog.
      answer: (error) => {
        if (!isApiError(error) || error.ret !== PRICE_CHANGED_RET || !options.reprice) return false;
        price.refused(sent);
        options.reprice();
        return true;
      },
      send: (order_token) => {
        options.beforeSend?.();
        return options.send({
          game_id: gameId,
          area,
          server_id: role.server_id,
          role_id: role.role_id,
          uid: role.uid,
          product_id: bundle.product_id,
          pay_type: payType,
          discount_code: code,
          order_token,
          receipt_email: receipt.value,
          // The bundle's price this page shows: a price changed since is refused, never charged silently.
          seen_amount: sent,
        });
      },
    });
    if (placed) options.onPlaced(placed);
  };

  return {
    payMethod,
    discount,
    receipt,
    agreement: { agreed, missing: agreementMissing && !agreed, agree },
    /** The bundle's price with the chosen method ('' without a bundle). */
    methodPrice,
    /** What Pay charges: the method's price, less an applied code ('' without a bundle). */
    total,
    /** What the chosen method adds to the bundle's price ("1900"; negative when it costs less), '' when nothing. */
    methodFee,
    /** The bundle's price changed since the player saw it: both prices, until the player pays the new one or leaves. */
    priceChange: price.change,
    /** The character bought the bundle as often as its limit allows: Pay is refused before it is pressed. */
    limitReached,
    pay,
    placing,
  };
}

export type SubmitStep = ReturnType<typeof useSubmitStep>;
