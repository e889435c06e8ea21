import { orderResult, type OrderResult } from '@topup/shared/checkout';
import { formatPrice } from '@topup/shared/rules';
import type { OrderInfo } from '@topup/shared/types';
import { usePcTranslation } from '../../../lib/use-pc-translation';

/** An order that ended without delivering: its bonus is not "included" in anything. */
const STOPPED: readonly OrderResult[] = ['declined', 'expired', 'refunding', 'refunded'];

/** What was bought, for whom, and what it costs (or cost) after the discount. */
export function OrderDetails({ order }: { readonly order: OrderInfo }) {
  const { t } = usePcTranslation();
  const price = (amount: string) => formatPrice(amount, order.area);
  const charged = order.paid_at !== null;
  return (
    <section className="pc-order-details pc-panel" aria-labelledby="pc-order-details-title">
      <h2 className="pc-order__title" id="pc-order-details-title">
        {t('pay.summary')}
      </h2>
      <dl className="pc-order__lines">
        <div>
          <dt>{t('pay.game')}</dt>
          <dd>{order.game_name}</dd>
        </div>
        <div>
          <dt>{t('pay.character')}</dt>
          <dd>
            {order.role_name} · {order.server_name}
          </dd>
        </div>
        <div>
          <dt>{t('pay.bundle')}</dt>
          <dd>{order.product_name}</dd>
        </div>
        {order.first_buy === 1 && !STOPPED.includes(orderResult(order)) ? (
          <div className="pc-order__saving">
            <dt />
            <dd>{t('pay.firstBuy')}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('pay.listPrice')}</dt>
          <dd>{price(order.list_amount)}</dd>
        </div>
        {Number(order.discount_amount) > 0 ? (
          <div className="pc-order__saving">
            <dt>{t('pay.discount', { code: order.discount_code })}</dt>
            <dd>−{price(order.discount_amount)}</dd>
          </div>
        ) : null}
        <div className="pc-order__total">
          <dt>{charged ? t('pay.charged') : t('pay.amountDue')}</dt>
          <dd data-testid="order-amount">{price(order.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}
