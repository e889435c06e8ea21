import type { RoleInfo } from '@topup/shared/types';
import { usePcTranslation } from '../../../lib/use-pc-translation';

/** Server, character ID and character name of a character, as the confirmation shows them. */
export function CharacterFacts({ role }: { readonly role: RoleInfo }) {
  const { t } = usePcTranslation();
  return (
    <dl className="pc-facts">
      <div>
        <dt>{t('role.serverName')}</dt>
        <dd data-testid="found-server">{role.server_name}</dd>
      </div>
      <div>
        <dt>{t('role.roleId')}</dt>
        <dd data-testid="found-role-id">{role.role_id}</dd>
      </div>
      <div>
        <dt>{t('role.roleName')}</dt>
        <dd data-testid="found-role-name">{role.role_name}</dd>
      </div>
    </dl>
  );
}

/** Says, to a screen reader, who a lookup found; present before the lookup so that it is announced. */
export function FoundStatus({ role }: { readonly role: RoleInfo | null }) {
  const { t } = usePcTranslation();
  return (
    <p className="visually-hidden" role="status" data-testid="found-status">
      {role ? t('role.foundStatus', { name: role.role_name, server: role.server_name, id: role.role_id }) : ''}
    </p>
  );
}

/** "Is this your character?" with Confirm, once a lookup found one. */
export function FoundCharacter({ role, onConfirm }: { readonly role: RoleInfo; readonly onConfirm: () => void }) {
  const { t } = usePcTranslation();
  return (
    <section className="pc-found" aria-labelledby="pc-found-title" data-testid="found-character">
      <h3 className="pc-found__title" id="pc-found-title">
        {t('role.found')}
      </h3>
      <CharacterFacts role={role} />
      <div className="pc-found__actions">
        <p className="pc-muted">{t('role.confirmHint')}</p>
        <button type="button" className="pc-button pc-button--primary" onClick={onConfirm}>
          {t('role.confirm')}
        </button>
      </div>
    </section>
  );
}
