import { useTranslation } from 'react-i18next';
import { useAppStore } from '@topup/shared/store';
import type { OrderItem } from '@topup/shared/types';
import { CHECKOUT_UI_NAMESPACE } from './checkout-ui-strings';

interface Props {
  readonly items: readonly OrderItem[];
  /** The storefront's class prefix: `pr` (the phone's result page and receipt), `pc` (the pay centre). */
  readonly prefix: string;
  readonly labelledBy?: string;
}

/**
 * What an order delivers, one line per item as its in-game mail carries it: "Dragon Gems ×300",
 * then the bonus it earned, marked as such ("Dragon Gems (first top-up bonus) ×300 · Bonus").
 * Both result pages (/payResult, /pcpay) and the receipt list them so.
 */
export function OrderItems({ items, prefix, labelledBy }: Props) {
  const { t } = useTranslation(CHECKOUT_UI_NAMESPACE);
  const locale = useAppStore((s) => s.locale);
  if (items.length === 0) return null;
  return (
    <ul className={`${prefix}-items`} data-testid="order-items" aria-labelledby={labelledBy}>
      {items.map((item, index) => (
        <li key={`${item.name}-${index}`} data-bonus={item.bonus === 1 || undefined}>
          <span className={`${prefix}-items__name`}>{item.name}</span>
          <span className={`${prefix}-items__quantity`}>×{item.quantity.toLocaleString(locale)}</span>
          {item.bonus === 1 ? <span className={`${prefix}-items__bonus`}>{t('items.bonus')}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The heading over the items on a result page: "What arrives in the in-game mailbox". */
export function useOrderItemsTitle(): string {
  const { t } = useTranslation(CHECKOUT_UI_NAMESPACE);
  return t('items.title');
}
