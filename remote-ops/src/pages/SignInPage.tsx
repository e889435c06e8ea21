import { useId, useState, type FormEvent } from 'react';
import { OpsApiError } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { ErrorNote } from '../app/parts';

/** #/ops when nobody is signed in: e-mail and password. */
export function SignInPage() {
  const { t } = useOpsTranslation();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const emailId = useId();
  const passwordId = useId();

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
      </form>
    </section>
  );
}
