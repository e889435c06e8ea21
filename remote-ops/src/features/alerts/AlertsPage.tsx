import { useOpsTranslation } from '../../lib/use-ops-translation';
import { OpsPageFrame } from '../../app/OpsPageFrame';
import { OwnAlerts } from './ChannelsSection';
import { IncidentsTable } from './IncidentsTable';
import './alerts.css';

/** `#/ops/alerts`: the incidents the store alerted about, and what the operator is told and where. */
export function AlertsPage() {
  const { t } = useOpsTranslation();
  return (
    <OpsPageFrame title={t('alerts.title')}>
      <p className="ops-muted">{t('alerts.intro')}</p>
      <IncidentsTable />
      <OwnAlerts />
    </OpsPageFrame>
  );
}
