import { formatDeadline } from '@topup/shared/checkout';
import { useAppStore } from '@topup/shared/store';
import type { OrderInfo } from '@topup/shared/types';
import { ExternalIcon } from '../../../lib/icons';
import { usePcTranslation } from '../../../lib/use-pc-translation';

/** While the order waits for payment: the way to the payment page, in a new tab. */
export function PaymentHandOff({ order }: { readonly order: OrderInfo }) {
  const { t } = usePcTranslation();
  const locale = useAppStore((s) => s.locale);
  if (order.status !== 'created' || !order.pay_url) return null;
  return (
    <section className="pc-hand-off" aria-labelledby="pc-hand-off-title">
      <div>
        <h2 className="pc-hand-off__title" id="pc-hand-off-title">
          {t('pay.handOffTitle')}
        </h2>
        <p className="pc-muted">{t('pay.handOffBody')}</p>
        {order.expires_at ? (
          <p className="pc-muted" data-testid="pay-deadline">
            {t('pay.expiresAt', { time: formatDeadline(order.expires_at, locale) })}
          </p>
        ) : null}
      </div>
      <a className="pc-button pc-button--primary pc-button--large" href={order.pay_url} target="_blank" rel="noopener" data-testid="go-to-payment">
        {t('pay.goToPayment')}
        <ExternalIcon />
      </a>
    </section>
  );
}
