import { useId, useState, type FormEvent } from 'react';
import { OpsApiError } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { ErrorNote } from '../app/parts';
import { ResetRequestForm } from './ResetPage';

/** The sign-in's second step: the authenticator app's code, or a recovery code. */
function SecondFactorStep() {
  const { t } = useOpsTranslation();
  const session = useSession();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const codeId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await session.secondFactor(recovery ? { recovery_code: code } : { code });
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
      setCode('');
      setBusy(false);
    }
  };
  return (
    <form className="ops-card ops-signin__card" onSubmit={submit}>
      <h1>{t('signIn.title')}</h1>
      <p className="ops-muted">{t('signIn.codeIntro')}</p>
      <label htmlFor={codeId} className="ops-field">
        <span>{recovery ? t('signIn.recoveryCode') : t('signIn.code')}</span>
        {recovery ? (
          <input key="recovery" id={codeId} autoComplete="off" required maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} />
        ) : (
          <input key="code" id={codeId} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required maxLength={6} value={code} onChange={(e) => setCode(e.target.value.trim())} />
        )}
      </label>
      <ErrorNote error={error} />
      <button type="submit" className="ops-button ops-button--wide" disabled={busy}>
        {busy ? t('signIn.working') : t('signIn.verify')}
      </button>
      <button type="button" className="ops-button ops-button--quiet" onClick={() => { setRecovery(!recovery); setCode(''); setError(null); }}>
        {recovery ? t('signIn.useCode') : t('signIn.useRecovery')}
      </button>
      <button type="button" className="ops-button ops-button--quiet" onClick={() => void session.signOut()}>
        {t('signIn.cancel')}
      </button>
    </form>
  );
}

/** #/ops when nobody is signed in: e-mail and password, then the second factor's code when the account has one. */
export function SignInPage() {
  const { t } = useOpsTranslation();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const emailId = useId();
  const passwordId = useId();
  const [forgot, setForgot] = useState(false);

  if (session.state === 'secondFactor') return <section className="ops-signin"><SecondFactorStep /></section>;
  if (forgot) return <section className="ops-signin"><ResetRequestForm onBack={() => setForgot(false)} /></section>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await session.signIn(email, password);
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
      setPassword('');
      setBusy(false);
    }
  };

  return (
    <section className="ops-signin">
      <form className="ops-card ops-signin__card" onSubmit={submit} noValidate={false}>
        <h1>{t('signIn.title')}</h1>
        <p className="ops-muted">{t('signIn.intro')}</p>
        <label htmlFor={emailId} className="ops-field">
          <span>{t('signIn.email')}</span>
          <input id={emailId} type="email" autoComplete="username" required maxLength={200} value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label htmlFor={passwordId} className="ops-field">
          <span>{t('signIn.password')}</span>
          <input id={passwordId} type="password" autoComplete="current-password" required maxLength={200} value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <ErrorNote error={error} />
        <button type="submit" className="ops-button ops-button--wide" disabled={busy}>
          {busy ? t('signIn.working') : t('signIn.submit')}
        </button>
        <button type="button" className="ops-button ops-button--quiet" onClick={() => setForgot(true)}>
          {t('signIn.forgot')}
        </button>
      </form>
    </section>
  );
}
