import { useEffect } from 'react';
import { useOpsQuery } from '../../lib/use-ops-query';
import { useOpsTranslation } from '../../lib/use-ops-translation';
import { Empty, ErrorNote, Loading, useFormats } from '../../app/parts';
import { ALERTS_SEEN_EVENT, getIncidents, markAlertsSeen } from './alerts-api';

/** The incidents, newest first: what, when, whether it is over, how far its alerts got. */
export function IncidentsTable() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const incidents = useOpsQuery('alerts-incidents', () => getIncidents());
  // Opening the page is seeing them: the menu's badge goes back to nothing.
  useEffect(() => {
    if (!incidents.data) return;
    void markAlertsSeen()
      .then(() => window.dispatchEvent(new Event(ALERTS_SEEN_EVENT)))
      .catch(() => undefined);
  }, [incidents.data]);
  const rows = incidents.data?.incidents ?? [];
  return (
    <section className="ops-card" aria-labelledby="alerts-incidents">
      <div className="ops-card__head">
        <h2 id="alerts-incidents">{t('alerts.incidents')}</h2>
        <button type="button" className="ops-button ops-button--quiet" onClick={incidents.reload}>
          {t('common.refresh')}
        </button>
      </div>
      <ErrorNote error={incidents.error} onRetry={incidents.reload} />
      {!incidents.data && incidents.loading ? <Loading /> : null}
      {incidents.data && rows.length === 0 ? <Empty>{t('alerts.noIncidents')}</Empty> : null}
      {rows.length > 0 ? (
        <table className="ops-table">
          <caption className="visually-hidden">{t('alerts.incidents')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('alerts.kind')}</th>
              <th scope="col">{t('alerts.what')}</th>
              <th scope="col">{t('alerts.opened')}</th>
              <th scope="col">{t('alerts.state')}</th>
              <th scope="col">{t('alerts.sent')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((incident) => (
              <tr key={incident.id}>
                <td>{t(`alerts.kind.${incident.alert_kind}`)}</td>
                <td>{incident.title}</td>
                <td>{formats.time(incident.opened_at)}</td>
                <td>{incident.resolved_at ? t('alerts.resolved', { at: formats.time(incident.resolved_at) }) : t('alerts.open')}</td>
                <td>
                  {t('alerts.deliveries', { sent: incident.delivered, count: incident.deliveries })}
                  {incident.failed > 0 ? <span className="ops-error-text"> · {t('alerts.failedCount', { count: incident.failed })}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

