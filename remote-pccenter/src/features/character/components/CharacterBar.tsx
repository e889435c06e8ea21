import { Link } from 'react-router-dom';
import { toHref } from '@topup/shared/store';
import type { GameInfo, RoleInfo } from '@topup/shared/types';
import type { CharacterCheck } from '@topup/shared/checkout';
import { UserIcon } from '../../../lib/icons';
import { gameQuery, type CharacterChoice } from '../../../lib/pc-query';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import { areaLabel } from '@topup/shared/pay-centre-api';

interface Props {
  readonly choice: CharacterChoice;
  /** The character as the game confirmed it, or the address's while it is being asked. */
  readonly role: RoleInfo;
  readonly check: CharacterCheck;
  readonly game: GameInfo | null;
}

/** Who the items go to: the game, the server and the character, with a way back to change it. */
export function CharacterBar({ choice, role, check, game }: Props) {
  const { t } = usePcTranslation();
  return (
    <section className="pc-character-bar pc-panel" aria-label={t('submit.character')} aria-busy={check.status === 'checking'} data-testid="character-bar" data-check={check.status}>
      {game ? <img className="pc-character-bar__icon" src={game.game_icon} alt="" width={52} height={52} /> : <span className="pc-character-bar__icon pc-skeleton" />}
      <div className="pc-character-bar__game">
        <p className="pc-character-bar__label">{t('submit.character')}</p>
        <p className="pc-character-bar__name">{game?.game_name ?? '\u00a0'}</p>
        <p className="pc-muted">{areaLabel(t, choice.area)}</p>
      </div>
      <div className="pc-character-bar__role">
        <UserIcon />
        <div>
          <p className="pc-character-bar__name" data-testid="bar-role-name">
            {role.role_name}
          </p>
          <p className="pc-muted">
            {role.server_name} · {t('role.roleId')} {role.role_id}
          </p>
        </div>
      </div>
      {/* Said once the game confirmed the character the player chose on the last page. */}
      <p className="visually-hidden" role="status" data-testid="character-confirmed">
        {check.status === 'confirmed' ? t('submit.confirmed', { name: check.role.role_name, server: check.role.server_name }) : ''}
      </p>
      {check.status === 'refused' ? (
        <p className="pc-character-bar__problem" role="alert">
          {check.message}
        </p>
      ) : null}
      {check.status === 'failed' ? (
        <p className="pc-character-bar__problem" role="alert">
          {t('submit.characterFailed')}{' '}
          <button type="button" className="pc-text-button" onClick={check.retry}>
            {t('action.retry', { ns: 'common' })}
          </button>
        </p>
      ) : null}
      <Link className="pc-button pc-button--secondary" to={toHref('/pcrole', gameQuery(choice))}>
        {t('submit.change')}
      </Link>
    </section>
  );
}
