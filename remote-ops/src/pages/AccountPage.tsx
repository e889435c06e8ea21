import { useId, useState, type FormEvent } from 'react';
import { OpsApiError, opsCall } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { ErrorNote, Loading, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';

interface Account {
  readonly email: string;
  readonly two_factor: { readonly enabled: boolean; readonly enrolled_at: string | null; readonly required: boolean; readonly recovery_codes_left: number };
}

interface OwnSession {
  readonly id: number;
  readonly created_at: string;
  readonly last_seen_at: string;
  readonly address: string;
  readonly user_agent: string;
  readonly current: boolean;
}

const asError = (failure: unknown) => (failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));

/** The enrolment's QR code, drawn from the server's rows of modules (no QR library in the page). */
function QrCode({ rows, label }: { readonly rows: readonly string[]; readonly label: string }) {
  const size = rows.length;
  let path = '';
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) if (row[x] === '1') path += `M${x + 4} ${y + 4}h1v1h-1z`;
  });
  return (
    <svg className="ops-qr" role="img" aria-label={label} viewBox={`0 0 ${size + 8} ${size + 8}`} width={(size + 8) * 5} height={(size + 8) * 5} shapeRendering="crispEdges">
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

function PasswordForm() {
  const { t } = useOpsTranslation();
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [done, setDone] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone('');
    try {
      const answer = await opsCall<{ other_sessions_ended: number }>('POST', '/account/password', { current, password: next });
      setDone(t('account.password.done', { count: answer.other_sessions_ended }));
      setCurrent('');
      setNext('');
    } catch (failure) {
      setError(asError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ops-card ops-inline-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.password.title')}</h2>
      <label className="ops-field" htmlFor={`${id}-current`}>
        <span>{t('account.password.current')}</span>
        <input id={`${id}-current`} type="password" autoComplete="current-password" required maxLength={200} value={current} onChange={(e) => setCurrent(e.target.value)} />
      </label>
      <label className="ops-field" htmlFor={`${id}-new`}>
        <span>{t('account.password.new')}</span>
        <input id={`${id}-new`} type="password" autoComplete="new-password" required minLength={12} maxLength={200} aria-describedby={`${id}-hint`} value={next} onChange={(e) => setNext(e.target.value)} />
        <small id={`${id}-hint`} className="ops-muted">{t('account.password.hint')}</small>
      </label>
      <ErrorNote error={error} />
      {done ? <p className="ops-note ops-note--ok" role="status">{done}</p> : null}
      <button type="submit" className="ops-button" disabled={busy}>{busy ? t('common.working') : t('account.password.submit')}</button>
    </form>
  );
}

function TwoFactor({ account, onChange }: { readonly account: Account; readonly onChange: () => void }) {
  const { t } = useOpsTranslation();
  const { time } = useFormats();
  const session = useSession();
  const id = useId();
  const [enrolment, setEnrolment] = useState<{ secret: string; qr: string[] } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(asError(failure));
    } finally {
      setBusy(false);
    }
  };
  const factor = account.two_factor;
  return (
    <section className="ops-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.twoFactor.title')}</h2>
      {factor.required && !factor.enabled ? <p className="ops-note ops-note--error">{t('account.twoFactor.required')}</p> : null}
      <p>{factor.enabled ? t('account.twoFactor.on', { date: time(factor.enrolled_at), count: factor.recovery_codes_left }) : t('account.twoFactor.off')}</p>
      {codes ? (
        <div role="status">
          <p>{t('account.twoFactor.codes')}</p>
          <ul className="ops-recovery-codes">{codes.map((one) => <li key={one}><code>{one}</code></li>)}</ul>
          <button type="button" className="ops-button" onClick={() => { setCodes(null); onChange(); void session.refresh(); }}>{t('account.twoFactor.codesDone')}</button>
        </div>
      ) : enrolment ? (
        <form onSubmit={(event) => { event.preventDefault(); void act(async () => {
          const answer = await opsCall<{ recovery_codes: string[] }>('POST', '/account/two-factor/confirm', { code });
          setEnrolment(null);
          setCode('');
          setCodes(answer.recovery_codes);
        }); }}>
          <p>{t('account.twoFactor.scan')}</p>
          <QrCode rows={enrolment.qr} label={t('account.twoFactor.qr')} />
          <p>{t('account.twoFactor.key')}: <code data-testid="totp-secret">{enrolment.secret}</code></p>
          <label className="ops-field" htmlFor={`${id}-code`}>
            <span>{t('account.twoFactor.code')}</span>
            <input id={`${id}-code`} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required value={code} onChange={(e) => setCode(e.target.value.trim())} />
          </label>
          <ErrorNote error={error} />
          <button type="submit" className="ops-button" disabled={busy}>{t('account.twoFactor.confirm')}</button>
        </form>
      ) : factor.enabled ? (
        <form onSubmit={(event) => event.preventDefault()}>
          <label className="ops-field" htmlFor={`${id}-password`}>
            <span>{t('account.twoFactor.password')}</span>
            <input id={`${id}-password`} type="password" autoComplete="current-password" maxLength={200} value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          <ErrorNote error={error} />
          <button type="button" className="ops-button ops-button--quiet" disabled={busy || !password} onClick={() => void act(async () => {
            const answer = await opsCall<{ recovery_codes: string[] }>('POST', '/account/two-factor/recovery-codes', { password });
            setPassword('');
            setCodes(answer.recovery_codes);
          })}>{t('account.twoFactor.renew')}</button>
          {factor.required ? null : (
            <button type="button" className="ops-button ops-button--danger" disabled={busy || !password} onClick={() => void act(async () => {
              await opsCall('POST', '/account/two-factor/remove', { password });
              setPassword('');
              onChange();
            })}>{t('account.twoFactor.remove')}</button>
          )}
        </form>
      ) : (
        <>
          <ErrorNote error={error} />
          <button type="button" className="ops-button" disabled={busy} onClick={() => void act(async () => {
            setEnrolment(await opsCall<{ secret: string; qr: string[] }>('POST', '/account/two-factor/start'));
          })}>{t('account.twoFactor.start')}</button>
        </>
      )}
    </section>
  );
}

function Sessions() {
  const { t } = useOpsTranslation();
  const { time } = useFormats();
  const id = useId();
  const listing = useOpsQuery('account-sessions', () => opsCall<{ sessions: OwnSession[] }>('GET', '/account/sessions'));
  const [error, setError] = useState<OpsApiError | null>(null);
  const revoke = async (session: OwnSession) => {
    setError(null);
    try {
      await opsCall('DELETE', `/account/sessions/${session.id}`);
      listing.reload();
    } catch (failure) {
      setError(asError(failure));
    }
  };
  return (
    <section className="ops-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.sessions.title')}</h2>
      <ErrorNote error={listing.error ?? error} onRetry={listing.reload} />
      {listing.data ? (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">{t('account.sessions.device')}</th>
                <th scope="col">{t('account.sessions.address')}</th>
                <th scope="col">{t('account.sessions.started')}</th>
                <th scope="col">{t('account.sessions.lastUsed')}</th>
                <th scope="col"><span className="visually-hidden">{t('account.sessions.revoke')}</span></th>
              </tr>
            </thead>
            <tbody>
              {listing.data.sessions.map((one) => (
                <tr key={one.id}>
                  <td>{one.user_agent || '—'}</td>
                  <td>{one.address}</td>
                  <td>{time(one.created_at)}</td>
                  <td>{time(one.last_seen_at)}</td>
                  <td>
                    {one.current ? <span className="ops-muted">{t('account.sessions.current')}</span> : (
                      <button type="button" className="ops-button ops-button--quiet" onClick={() => void revoke(one)}>{t('account.sessions.revoke')}</button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : <Loading />}
    </section>
  );
}

/** #/ops/account: one's own password, second factor and sessions. */
export function AccountPage() {
  const { t } = useOpsTranslation();
  const account = useOpsQuery('account', () => opsCall<Account>('GET', '/account'));
  return (
    <OpsPageFrame title={t('account.title')}>
      <ErrorNote error={account.error} onRetry={account.reload} />
      {account.data ? (
        <>
          <TwoFactor account={account.data} onChange={account.reload} />
          <PasswordForm />
          <Sessions />
        </>
      ) : <Loading />}
    </OpsPageFrame>
  );
}
