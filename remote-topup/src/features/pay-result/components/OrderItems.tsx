import type { OrderItem } from '@topup/shared/types';
import { useAppStore } from '@topup/shared/store';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

/**
 * What an order delivers, one line per item as its in-game mail carries it: "Dragon Gems ×300",
 * then the bonus it earned, marked as such ("Dragon Gems (first top-up bonus) ×300 · Bonus").
 */
export function OrderItems({ items, labelledBy }: { readonly items: readonly OrderItem[]; readonly labelledBy?: string }) {
  const { t } = useTopUpTranslation();
  const locale = useAppStore((s) => s.locale);
  if (items.length === 0) return null;
  return (
    <ul className="pr-items" data-testid="order-items" aria-labelledby={labelledBy}>
      {items.map((item, index) => (
        <li key={`${item.name}-${index}`} data-bonus={item.bonus === 1 || undefined}>
          <span className="pr-items__name">{item.name}</span>
          <span className="pr-items__quantity">×{item.quantity.toLocaleString(locale)}</span>
          {item.bonus === 1 ? <span className="pr-items__bonus">{t('payResult.bonus')}</span> : null}
        </li>
      ))}
    </ul>
  );
}
