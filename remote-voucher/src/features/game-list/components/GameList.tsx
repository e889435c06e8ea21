import type { PayGame } from '@topup/shared/types';
import { useVoucherTranslation } from '../../../lib/use-voucher-translation';
import type { GameListState } from '../hooks/use-pay-game-list';
import { GameRow } from './GameRow';

interface Props {
  readonly state: GameListState;
  readonly opening: number | null;
  readonly onCharge: (game: PayGame) => void;
  readonly onReload: () => void;
}

/** The games to charge: skeleton rows while loading (enough to fill a phone screen, so nothing below moves), the list, or a way to try again. */
export function GameList({ state, opening, onCharge, onReload }: Props) {
  const { t } = useVoucherTranslation();
  if (state.status === 'loading') {
    return (
      <ul className="vc-list vc-list--loading" aria-busy="true" aria-label={t('games.loading')}>
        {[0, 1, 2, 3, 4, 5, 6, 7].map((n) => (
          <li key={n} className="vc-skeleton" />
        ))}
      </ul>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="vc-empty" role="status">
        <p>{t('games.failed')}</p>
        <button type="button" className="vc-retry" onClick={onReload}>
          {t('common:action.retry')}
        </button>
      </div>
    );
  }
  if (state.games.length === 0) {
    return (
      <p className="vc-empty" role="status">
        {t('games.empty')}
      </p>
    );
  }
  return (
    <ul className="vc-list" aria-label={t('games.label')}>
      {state.games.map((game) => (
        <li key={`${game.game_id}-${game.area}`}>
          <GameRow game={game} opening={opening === game.game_id} busy={opening !== null} onCharge={onCharge} />
        </li>
      ))}
    </ul>
  );
}
