import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { OpsApiError, opsCall } from '../lib/ops-client';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { ErrorNote } from '../app/parts';

const asError = (failure: unknown) => (failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));

/** The sign-in page's "Forgot your password?": asks for a link; the answer is the same whether or not the address is an operator's. */
export function ResetRequestForm({ onBack }: { readonly onBack: () => void }) {
  const { t } = useOpsTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await opsCall('POST', '/password-reset', { email });
      setSent(true);
    } catch (failure) {
      setError(asError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ops-card ops-signin__card" onSubmit={submit}>
      <h1>{t('reset.askTitle')}</h1>
      <p className="ops-muted">{t('reset.askIntro')}</p>
      <label htmlFor={`${id}-email`} className="ops-field">
        <span>{t('signIn.email')}</span>
        <input id={`${id}-email`} type="email" autoComplete="username" required maxLength={200} value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <ErrorNote error={error} />
      {sent ? <p className="ops-note ops-note--ok" role="status">{t('reset.asked')}</p> : null}
      <button type="submit" className="ops-button ops-button--wide" disabled={busy}>{busy ? t('common.working') : t('reset.askSubmit')}</button>
      <button type="button" className="ops-button ops-button--quiet" onClick={onBack}>{t('reset.back')}</button>
    </form>
  );
}

/** #/ops/reset?token=…: the e-mailed link's page, where a new password is chosen (once, within 30 minutes). */
export function ResetPage() {
  const { t } = useOpsTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // A fresh CSRF token first: this page may be the first the browser opened.
      await opsCall('GET', '/session');
      await opsCall('POST', '/password-reset/complete', { token, password });
      setDone(true);
      setPassword('');
    } catch (failure) {
      setError(asError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ops-signin">
      <form className="ops-card ops-signin__card" onSubmit={submit}>
        <h1>{t('reset.title')}</h1>
        <p className="ops-muted">{t('reset.intro')}</p>
        {done ? (
          <p className="ops-note ops-note--ok" role="status">{t('reset.done')}</p>
        ) : (
          <>
            <label htmlFor={`${id}-password`} className="ops-field">
              <span>{t('account.password.new')}</span>
              <input id={`${id}-password`} type="password" autoComplete="new-password" required minLength={12} maxLength={200} value={password} onChange={(e) => setPassword(e.target.value)} />
            </label>
            <ErrorNote error={error} />
            <button type="submit" className="ops-button ops-button--wide" disabled={busy || !token}>{busy ? t('common.working') : t('reset.submit')}</button>
          </>
        )}
        <Link to="/ops" className="ops-button ops-button--quiet">{t('reset.back')}</Link>
      </form>
    </section>
  );
}
