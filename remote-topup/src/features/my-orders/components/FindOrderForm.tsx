import { useState, type FormEvent } from 'react';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Props {
  readonly startOrderId: string;
  readonly startRoleId: string;
  readonly searching: boolean;
  /** The store's answer to the last lookup, when it found nothing. */
  readonly refusal: string;
  readonly onFind: (orderId: string, roleId: string) => void;
}

/** Order number + character ID: what proves an order is the player's. Nothing typed is lost on a refusal. */
export function FindOrderForm({ startOrderId, startRoleId, searching, refusal, onFind }: Props) {
  const { t } = useTopUpTranslation();
  const [orderId, setOrderId] = useState(startOrderId);
  const [roleId, setRoleId] = useState(startRoleId);
  const [incomplete, setIncomplete] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = orderId.trim();
    const role = roleId.trim();
    setIncomplete(!id || !role);
    if (id && role) onFind(id, role);
  };
  const message = incomplete ? t('myOrders.find.needBoth') : refusal;
  return (
    <form className="od-card mo-find" onSubmit={submit} noValidate aria-labelledby="mo-find-title">
      <h2 className="od-card__title" id="mo-find-title">
        {t('myOrders.find.title')}
      </h2>
      <p className="mo-muted">{t('myOrders.find.body')}</p>
      <div className="mo-find__fields">
        <label>
          <span>{t('myOrders.find.orderId')}</span>
          <input value={orderId} onChange={(e) => setOrderId(e.target.value)} autoComplete="off" spellCheck={false} maxLength={64} aria-invalid={incomplete && !orderId.trim()} />
        </label>
        <label>
          <span>{t('myOrders.find.roleId')}</span>
          <input value={roleId} onChange={(e) => setRoleId(e.target.value)} autoComplete="off" spellCheck={false} maxLength={64} aria-invalid={incomplete && !roleId.trim()} />
        </label>
        <button type="submit" className="od-button od-button--secondary" disabled={searching}>
          {searching ? t('myOrders.find.searching') : t('myOrders.find.submit')}
        </button>
      </div>
      <p className="mo-find__message" role="alert" data-testid="find-order-message">
        {message}
      </p>
    </form>
  );
}
