import { useAppStore } from '@topup/shared/store';
import { CheckIcon, SpinnerIcon } from '@topup/shared/ui';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import { characterKey, type AccountCharacters } from '../hooks/use-account-characters';

interface Props {
  readonly account: AccountCharacters;
  readonly onConfirm: () => void;
}

/** The account ID, the account's characters (last played first and chosen), and Confirm. */
export function AccountLookup({ account, onConfirm }: Props) {
  const { t } = usePcTranslation();
  const locale = useAppStore((s) => s.locale);
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="pc-account">
      <form
        className="pc-field"
        onSubmit={(event) => {
          event.preventDefault();
          void account.find();
        }}
      >
        <label className="pc-label" htmlFor="pc-account-input">
          {t('role.accountId')}
        </label>
        <div className="pc-inline-form">
          <input
            id="pc-account-input"
            className="pc-input"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('role.accountIdPlaceholder')}
            value={account.uid}
            onChange={(event) => account.setUid(event.target.value)}
          />
          <button type="submit" className="pc-button pc-button--primary" aria-disabled={account.searching || undefined}>
            {account.searching ? <SpinnerIcon /> : null}
            {t('role.findCharacters')}
          </button>
        </div>
        <p className="pc-muted">{t('role.accountHint')}</p>
      </form>
      {account.characters === null ? null : account.characters.length === 0 ? (
        <p className="pc-muted" role="status">
          {t('role.noCharacters')}
        </p>
      ) : (
        <fieldset className="pc-account__list">
          <legend className="pc-label">{t('role.characters', { uid: account.uid.trim() })}</legend>
          {account.characters.map((role) => {
            const key = characterKey(role);
            const chosen = key === account.chosen;
            return (
              <label key={key} className={`pc-account-role${chosen ? ' pc-account-role--chosen' : ''}`} data-role-id={role.role_id}>
                <input type="radio" name="pc-account-role" value={key} checked={chosen} onChange={() => account.setChosen(key)} />
                <span className="pc-account-role__mark">{chosen ? <CheckIcon /> : null}</span>
                <span className="pc-account-role__main">
                  <strong>{role.role_name}</strong>
                  <span>
                    {role.server_name} · {role.role_id}
                  </span>
                </span>
                <span className="pc-account-role__side">
                  {key === account.lastPlayed ? <span className="pc-badge">{t('role.lastPlayed')}</span> : null}
                  <span className="pc-muted">{t('role.lastLogin', { when: when(role.last_login_at) })}</span>
                </span>
              </label>
            );
          })}
          <div className="pc-found__actions">
            <p className="pc-muted">{t('role.confirmHint')}</p>
            <button type="button" className="pc-button pc-button--primary" disabled={!account.chosenCharacter} onClick={onConfirm}>
              {t('role.confirm')}
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
