import { useEffect } from 'react';
import './alerts.css';
import { useOpsQuery } from '../../lib/use-ops-query';
import { useOpsTranslation } from '../../lib/use-ops-translation';
import { ALERTS_SEEN_EVENT, getUnseen } from './alerts-api';

/** How often the menu asks for new incidents. */
const EVERY_MS = 60_000;

/** The menu's count of incidents the operator has not seen on the Alerts page; nothing when there are none. */
export function AlertsBadge() {
  const { t } = useOpsTranslation();
  const unseen = useOpsQuery('alerts-unseen', () => getUnseen());
  const { reload } = unseen;
  useEffect(() => {
    const timer = window.setInterval(reload, EVERY_MS);
    window.addEventListener(ALERTS_SEEN_EVENT, reload);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(ALERTS_SEEN_EVENT, reload);
    };
  }, [reload]);
  const count = unseen.data?.unseen ?? 0;
  if (count === 0) return null;
  return (
    <span className="ops-badge" data-testid="alerts-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('alerts.unseen', { count })}</span>
    </span>
  );
}
