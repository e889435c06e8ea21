import type { GameInfo } from '@topup/shared/types';
import { usePcTranslation } from '../../lib/use-pc-translation';
import { areaLabel } from '@topup/shared/pay-centre-api';

/** The game being topped up: icon, name, area and currency. */
export function GameSummary({ game, area }: { readonly game: GameInfo | null; readonly area: string }) {
  const { t } = usePcTranslation();
  if (!game) return <div className="pc-game-summary pc-panel pc-skeleton" aria-hidden="true" />;
  return (
    <section className="pc-game-summary pc-panel" aria-label={game.game_name} data-game-id={game.game_id}>
      <img className="pc-game-summary__icon" src={game.game_icon} alt="" width={64} height={64} />
      <div>
        <h2 className="pc-game-summary__name">{game.game_name}</h2>
        <p className="pc-game-summary__area">{t('role.gameArea', { area: areaLabel(t, area || game.area), currency: game.currency })}</p>
      </div>
    </section>
  );
}
