import { type RoleInfo } from '@topup/shared/types';
import { CloseIcon } from '@topup/shared/ui';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Props {
  readonly role: RoleInfo;
  readonly confirmed: boolean;
  readonly onConfirm: () => void;
  readonly onReenter: () => void;
}

/** The confirmation view after a successful lookup: the character, Confirm → 'Confirmed'. */
export function CharacterConfirmation({ role, confirmed, onConfirm, onReenter }: Props) {
  const { t } = useTopUpTranslation();
  return (
    <div className={`tp-confirmation${confirmed ? ' tp-confirmation--done' : ''}`} data-testid="character-confirmation">
      <button type="button" className="tu-icon-button tp-confirmation__close" aria-label={t('character.reenterLabel')} onClick={onReenter}>
        <CloseIcon />
      </button>
      <dl className="tp-confirmation__facts">
        <div>
          <dt>{t('character.serverName')}</dt>
          <dd data-testid="confirmed-server">{role.server_name}</dd>
        </div>
        <div>
          <dt>{t('character.roleId')}</dt>
          <dd data-testid="confirmed-role-id">{role.role_id}</dd>
        </div>
        <div>
          <dt>{t('character.roleName')}</dt>
          <dd data-testid="confirmed-role-name">{role.role_name}</dd>
        </div>
      </dl>
      {/* Done, it stays where focus is (marked, not disabled) and the news is read out below. */}
      <button type="button" className="tp-button tp-button--primary tp-button--block" aria-disabled={confirmed || undefined} onClick={confirmed ? undefined : onConfirm}>
        {confirmed ? t('character.confirmed') : t('character.confirm')}
      </button>
      <p className="visually-hidden" role="status">
        {confirmed ? `${t('character.confirmed')}: ${role.role_name} (${role.role_id})` : ''}
      </p>
    </div>
  );
}
