import { formatPrice } from '@topup/shared/rules';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import type { SubmitOrderQuery } from '../submit-order-query';

interface Props {
  readonly order: SubmitOrderQuery;
  readonly gameName: string;
  /** The store confirmed the bundle and the character (until then the link's values show, dimmed). */
  readonly confirmed: boolean;
}

/** Game, server, character ID and name, bundle and its price: what the player is buying, for whom. */
export function OrderSummary({ order, gameName, confirmed }: Props) {
  const { t } = useTopUpTranslation();
  const facts: Array<[string, string, string]> = [
    ['game', t('submit.game'), gameName],
    ['server', t('submit.server'), order.role.server_name],
    ['role-id', t('submit.roleId'), order.role.role_id],
    ['role-name', t('submit.roleName'), order.role.role_name],
  ];
  return (
    <section className="od-card" aria-labelledby="od-summary-title" aria-busy={!confirmed} data-confirmed={confirmed}>
      <h2 id="od-summary-title" className="od-card__title">
        {t('submit.summary')}
      </h2>
      <div className="od-bundle">
        {/* A link's bundle is only a bookmark: its name, bonus and price show once the store confirmed them (a forged link's never). */}
        {confirmed && order.productFileUrl ? <img className="od-bundle__image" src={order.productFileUrl} alt="" width={64} height={64} /> : null}
        <div className="od-bundle__text">
          <p className="od-bundle__name" data-testid="submit-bundle">
            {confirmed ? order.productName : <span className="od-placeholder" />}
          </p>
          {confirmed && order.subtitle ? <p className={`od-bundle__subtitle${order.firstBuy ? ' od-bundle__subtitle--first' : ''}`}>{order.subtitle}</p> : null}
        </div>
        <p className="od-bundle__price" data-testid="submit-price">
          {confirmed ? (
            <>
              <span className="visually-hidden">{t('submit.price')} </span>
              {formatPrice(order.amount, order.area)}
            </>
          ) : (
            <span className="od-placeholder" />
          )}
        </p>
      </div>
      <dl className="od-facts">
        {facts.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`submit-${key}`}>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
