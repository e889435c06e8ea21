import { Link } from 'react-router-dom';
import { toHref } from '@topup/shared/store';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import type { GameEntry } from '../game-list';
import { areaLabel } from '@topup/shared/pay-centre-api';

interface Props {
  readonly entries: readonly GameEntry[];
  readonly from: string;
}

/** "Recently topped up": the games and areas the player last confirmed a character for, one tap each. */
export function RecentGames({ entries, from }: Props) {
  const { t } = useTopUpTranslation();
  return (
    <section className="tp-chooser-section" aria-labelledby="tp-recent-title" data-testid="recent-games">
      <h2 className="tp-shelf__title" id="tp-recent-title">
        {t('chooser.recent')}
      </h2>
      <ul className="tp-recent-list">
        {entries.map(({ game, area }) => {
          const name = game.game_name;
          const where = areaLabel(t, area);
          return (
            <li key={`${game.game_id}-${area}`}>
              <Link
                className="tp-recent"
                data-game-id={game.game_id}
                data-area={area}
                to={toHref('/', { game_id: game.game_id, area, from })}
                aria-label={t('chooser.topUpIn', { name, area: where })}
              >
                <img className="tp-recent__icon" src={game.game_icon} alt="" width={40} height={40} loading="lazy" decoding="async" />
                <span className="tp-recent__text">
                  <strong>{name}</strong>
                  <span>{where}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
