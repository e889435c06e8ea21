import { useId, useState, type FormEvent } from 'react';
import { opsCall, OpsApiError } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { ActionDialog, ErrorNote, Loading, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';
import type { OpsOperator } from '@topup/shared/types';

interface Listing {
  readonly operators: readonly OpsOperator[];
  readonly roles: readonly string[];
}

type Pending =
  | { kind: 'role'; operator: OpsOperator; role: string }
  | { kind: 'disable' | 'enable'; operator: OpsOperator }
  | { kind: 'password'; operator: OpsOperator }
  | { kind: 'clearTwoFactor'; operator: OpsOperator };

function AddOperator({ roles, onAdded }: { readonly roles: readonly string[]; readonly onAdded: (email: string) => void }) {
  const { t } = useOpsTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('support');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await opsCall('POST', '/operators', { email, role, password });
      onAdded(email.trim().toLowerCase());
      setEmail('');
      setPassword('');
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ops-card ops-inline-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('operators.add')}</h2>
      <label className="ops-field" htmlFor={`${id}-email`}>
        <span>{t('signIn.email')}</span>
        <input id={`${id}-email`} type="email" required maxLength={200} autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label className="ops-field" htmlFor={`${id}-role`}>
        <span>{t('operators.role')}</span>
        <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value)}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="ops-field" htmlFor={`${id}-password`}>
        <span>{t('operators.firstPassword')}</span>
        <input id={`${id}-password`} type="password" required minLength={12} maxLength={200} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby={`${id}-hint`} />
        <small id={`${id}-hint`} className="ops-muted">
          {t('operators.passwordHint')}
        </small>
      </label>
      <ErrorNote error={error} />
      <button type="submit" className="ops-button" disabled={busy}>
        {t('operators.addButton')}
      </button>
    </form>
  );
}

/** Admins: every operator, their role and state; add, change role, disable or enable, reset a password, clear a lost second factor. */
export function OperatorsPage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const session = useSession();
  const listing = useOpsQuery('operators', () => opsCall<Listing>('GET', '/operators'));
  const [pending, setPending] = useState<Pending | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [done, setDone] = useState('');
  const data = listing.data;

  const confirm = async (reason: string) => {
    if (!pending) return;
    const id = pending.operator.id;
    if (pending.kind === 'role') await opsCall('PATCH', `/operators/${id}`, { role: pending.role, reason });
    else if (pending.kind === 'password') await opsCall('POST', `/operators/${id}/password`, { password: newPassword, reason });
    else if (pending.kind === 'clearTwoFactor') await opsCall('POST', `/operators/${id}/two-factor/clear`, { reason, confirm: true });
    else await opsCall('PATCH', `/operators/${id}`, { disabled: pending.kind === 'disable', reason });
    setDone(t(`operators.done.${pending.kind}`, { email: pending.operator.email }));
    setNewPassword('');
    listing.reload();
  };

  return (
    <OpsPageFrame title={t('operators.title')} done={done}>
      <ErrorNote error={listing.error} onRetry={listing.reload} />
      {!data && listing.loading ? <Loading /> : null}
      {data ? (
        <>
          <div className="ops-table-wrap">
            <table className="ops-table">
              <caption className="visually-hidden">{t('operators.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('signIn.email')}</th>
                  <th scope="col">{t('operators.role')}</th>
                  <th scope="col">{t('operators.state')}</th>
                  <th scope="col">{t('operators.twoFactor')}</th>
                  <th scope="col">{t('operators.lastSeen')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('releases.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.operators.map((operator) => (
                  <tr key={operator.id} data-operator={operator.email}>
                    <td>
                      {operator.email}
                      {operator.email === session.operator?.name ? <span className="ops-muted"> ({t('operators.you')})</span> : null}
                      <div className="ops-muted">{t('operators.added', { by: operator.created_by, at: formats.time(operator.created_at) })}</div>
                    </td>
                    <td>
                      <select
                        aria-label={t('operators.roleOf', { email: operator.email })}
                        value={operator.role}
                        onChange={(e) => setPending({ kind: 'role', operator, role: e.target.value })}
                      >
                        {data.roles.map((r) => (
                          <option key={r} value={r}>
                            {t(`role.${r}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>{operator.disabled_at ? <span className="ops-tag ops-tag--declined">{t('operators.disabled')}</span> : <span className="ops-tag ops-tag--delivered">{t('operators.active')}</span>}</td>
                    <td>{operator.two_factor ? t('operators.twoFactorOn') : t('operators.twoFactorOff')}</td>
                    <td>{formats.time(operator.last_seen_at)}</td>
                    <td className="ops-row-actions">
                      <button type="button" className="ops-button ops-button--quiet" onClick={() => setPending({ kind: 'password', operator })}>
                        {t('operators.resetPassword')}
                      </button>
                      <button type="button" className="ops-button ops-button--quiet" onClick={() => setPending({ kind: operator.disabled_at ? 'enable' : 'disable', operator })}>
                        {operator.disabled_at ? t('operators.enable') : t('operators.disable')}
                      </button>
                      {/* One's own second factor is removed on the account page, with one's password. */}
                      {operator.two_factor && operator.email !== session.operator?.name ? (
                        <button
                          type="button"
                          className="ops-button ops-button--quiet"
                          aria-label={t('operators.clearTwoFactorOf', { email: operator.email })}
                          onClick={() => setPending({ kind: 'clearTwoFactor', operator })}
                        >
                          {t('operators.clearTwoFactor')}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AddOperator
            roles={data.roles}
            onAdded={(email) => {
              setDone(t('operators.done.add', { email }));
              listing.reload();
            }}
          />
        </>
      ) : null}
      {pending ? (
        <ActionDialog
          title={t(`operators.confirm.${pending.kind}`, { email: pending.operator.email, role: pending.kind === 'role' ? t(`role.${pending.role}`) : '' })}
          confirmLabel={t('common.confirm')}
          danger={pending.kind === 'disable' || pending.kind === 'clearTwoFactor'}
          description={pending.kind === 'clearTwoFactor' ? t('operators.clearTwoFactorWarning') : undefined}
          confirmation={pending.kind === 'clearTwoFactor' ? t('operators.clearTwoFactorConfirm', { email: pending.operator.email }) : undefined}
          onConfirm={(reason) => confirm(reason)}
          onClose={() => {
            setPending(null);
            setNewPassword('');
          }}
        >
          {pending.kind === 'password' ? (
            <label className="ops-field">
              <span>{t('operators.newPassword')}</span>
              <input type="password" required minLength={12} maxLength={200} autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
            </label>
          ) : null}
        </ActionDialog>
      ) : null}
    </OpsPageFrame>
  );
}
