import { useState, type FormEvent } from 'react';
import type { OpsApiError } from '../../lib/ops-client';
import { useOpsTranslation } from '../../lib/use-ops-translation';
import { ErrorNote } from '../../app/parts';
import { saveSubscriptions, type AlertKind, type MyAlerts } from './alerts-api';
import { asError } from './as-error';

/** The kinds of alert the operator wants, each with what one incident of it is. */
export function SubscriptionsForm({ mine, onSaved }: { readonly mine: MyAlerts; readonly onSaved: (next: MyAlerts) => void }) {
  const { t } = useOpsTranslation();
  const [chosen, setChosen] = useState<readonly AlertKind[]>(mine.subscriptions);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [note, setNote] = useState('');
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSaved(await saveSubscriptions(chosen));
      setNote(t('alerts.saved'));
    } catch (failure) {
      setError(asError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ops-card" aria-labelledby="alerts-subscriptions" onSubmit={(event) => void save(event)}>
      <h2 id="alerts-subscriptions">{t('alerts.subscriptions')}</h2>
      <p className="ops-muted">{t('alerts.subscriptionsHelp')}</p>
      <fieldset className="ops-fieldset">
        <legend>{t('alerts.tellMeAbout')}</legend>
        {mine.kinds.map((kind) => (
          <label key={kind} className="ops-check">
            <input
              type="checkbox"
              checked={chosen.includes(kind)}
              onChange={(event) => setChosen(event.target.checked ? [...chosen, kind] : chosen.filter((other) => other !== kind))}
            />{' '}
            {t(`alerts.kind.${kind}`)} <span className="ops-muted">— {t(`alerts.kindHelp.${kind}`)}</span>
          </label>
        ))}
      </fieldset>
      <ErrorNote error={error} />
      {note ? (
        <p className="ops-note ops-note--ok" role="status">
          {note}
        </p>
      ) : null}
      <button type="submit" className="ops-button" disabled={busy}>
        {busy ? t('common.working') : t('alerts.save')}
      </button>
    </form>
  );
}

