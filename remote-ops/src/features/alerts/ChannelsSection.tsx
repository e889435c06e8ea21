import { useId, useState, type FormEvent } from 'react';
import type { OpsApiError } from '../../lib/ops-client';
import { useSession } from '../../lib/session';
import { useOpsQuery } from '../../lib/use-ops-query';
import { useOpsTranslation } from '../../lib/use-ops-translation';
import { Empty, ErrorNote, Loading, useFormats } from '../../app/parts';
import { addChannel, getMyAlerts, removeChannel, testChannel, type Channel, type MyAlerts, type WebhookFormat } from './alerts-api';
import { asError } from './as-error';
import { SubscriptionsForm } from './SubscriptionsForm';

function ChannelRow({ channel, mine, onChanged }: { readonly channel: Channel; readonly mine: MyAlerts; readonly onChanged: (next: MyAlerts) => void }) {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [note, setNote] = useState('');
  const last = mine.deliveries.find((delivery) => delivery.channel_id === channel.id);
  const act = async (what: 'test' | 'remove') => {
    setBusy(true);
    setError(null);
    try {
      if (what === 'test') {
        onChanged(await testChannel(channel.id));
        setNote(t('alerts.testQueued'));
      } else onChanged(await removeChannel(channel.id));
    } catch (failure) {
      setError(asError(failure));
    } finally {
      setBusy(false);
    }
  };
  const name = channel.channel === 'email' ? channel.email : `${channel.url} (${t(`alerts.format.${channel.format}`)})`;
  return (
    <li className="ops-channel">
      <strong>{t(`alerts.channel.${channel.channel}`)}</strong> <span className="ops-mono">{name}</span>
      {channel.label ? <span className="ops-muted"> · {channel.label}</span> : null}
      {last ? (
        <span className={last.state === 'failed' ? 'ops-error-text' : 'ops-muted'}>
          {' '}
          · {t(`alerts.last.${last.state}`, { at: formats.time(last.created_at) })}
          {last.last_error ? ` — ${last.last_error}` : ''}
        </span>
      ) : null}{' '}
      <button type="button" className="ops-button ops-button--quiet" disabled={busy} onClick={() => void act('test')} aria-label={t('alerts.testOf', { name })}>
        {t('alerts.test')}
      </button>{' '}
      <button type="button" className="ops-button ops-button--quiet" disabled={busy} onClick={() => void act('remove')} aria-label={t('alerts.removeOf', { name })}>
        {t('alerts.remove')}
      </button>
      {note ? (
        <span className="ops-note ops-note--ok" role="status">
          {' '}
          {note}
        </span>
      ) : null}
      <ErrorNote error={error} />
    </li>
  );
}

function NewChannel({ formats, onAdded }: { readonly formats: readonly WebhookFormat[]; readonly onAdded: (next: MyAlerts, secret: string | null) => void }) {
  const { t } = useOpsTranslation();
  const session = useSession();
  const [kind, setKind] = useState<'email' | 'webhook'>('email');
  const [email, setEmail] = useState(session.operator?.name ?? '');
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<WebhookFormat>('json');
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const ids = { kind: useId(), email: useId(), url: useId(), format: useId(), label: useId(), error: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const made = await addChannel(kind === 'email' ? { channel: 'email', email: email.trim(), label: label.trim() } : { channel: 'webhook', url: url.trim(), format, label: label.trim() });
      onAdded(made, made.secret ?? null);
      setUrl('');
      setLabel('');
    } catch (failure) {
      setError(asError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-labelledby="alerts-new-channel" className="ops-form">
      <h3 id="alerts-new-channel">{t('alerts.addChannel')}</h3>
      <label htmlFor={ids.kind}>{t('alerts.channelKind')}</label>
      <select id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value as 'email' | 'webhook')}>
        <option value="email">{t('alerts.channel.email')}</option>
        <option value="webhook">{t('alerts.channel.webhook')}</option>
      </select>
      {kind === 'email' ? (
        <>
          <label htmlFor={ids.email}>{t('alerts.email')}</label>
          <input id={ids.email} type="email" required value={email} onChange={(event) => setEmail(event.target.value)} aria-invalid={error?.code === 'badAlertEmail'} aria-describedby={error ? ids.error : undefined} />
        </>
      ) : (
        <>
          <label htmlFor={ids.url}>{t('alerts.url')}</label>
          <input id={ids.url} type="url" required value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://hooks.slack.com/services/…" aria-invalid={error?.code === 'badWebhookUrl'} aria-describedby={error ? ids.error : undefined} />
          <label htmlFor={ids.format}>{t('alerts.formatLabel')}</label>
          <select id={ids.format} value={format} onChange={(event) => setFormat(event.target.value as WebhookFormat)}>
            {formats.map((value) => (
              <option key={value} value={value}>
                {t(`alerts.format.${value}`)}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={ids.label}>{t('alerts.label')}</label>
      <input id={ids.label} value={label} maxLength={80} onChange={(event) => setLabel(event.target.value)} />
      <div id={ids.error}>
        <ErrorNote error={error} />
      </div>
      <button type="submit" className="ops-button" disabled={busy}>
        {busy ? t('common.working') : t('alerts.add')}
      </button>
    </form>
  );
}

/** The operator's own channels and subscriptions: every signed-in operator manages theirs. */
export function OwnAlerts() {
  const { t } = useOpsTranslation();
  const session = useSession();
  const read = useOpsQuery('alerts-mine', () => getMyAlerts());
  const [mine, setMine] = useState<MyAlerts | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const shown = mine ?? read.data;
  if (session.operator?.role === 'service') return null;
  return (
    <>
      <ErrorNote error={read.error} onRetry={read.reload} />
      {!shown && read.loading ? <Loading /> : null}
      {shown ? (
        <>
          <SubscriptionsForm mine={shown} onSaved={setMine} />
          <section className="ops-card" aria-labelledby="alerts-channels">
            <h2 id="alerts-channels">{t('alerts.channels')}</h2>
            <p className="ops-muted">{t('alerts.channelsHelp')}</p>
            {secret ? (
              <div className="ops-note ops-note--ok" role="status">
                <p>{t('alerts.secretOnce')}</p>
                <code className="ops-mono" data-testid="webhook-secret">
                  {secret}
                </code>{' '}
                <button type="button" className="ops-button ops-button--quiet" onClick={() => setSecret(null)}>
                  {t('alerts.secretKept')}
                </button>
              </div>
            ) : null}
            {shown.channels.length === 0 ? <Empty>{t('alerts.noChannels')}</Empty> : null}
            <ul className="ops-list">
              {shown.channels.map((channel) => (
                <ChannelRow key={channel.id} channel={channel} mine={shown} onChanged={setMine} />
              ))}
            </ul>
            <NewChannel
              formats={shown.formats}
              onAdded={(next, made) => {
                setMine(next);
                setSecret(made);
              }}
            />
          </section>
        </>
      ) : null}
    </>
  );
}

