import { Link } from 'react-router-dom';
import { toHref } from '@topup/shared/store';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import { areaLabel, type ListedGame } from '@topup/shared/pay-centre-api';

interface Props {
  readonly game: ListedGame;
  readonly from: string;
}

/** A game of "All games": icon, name, description, and one way in per area it is sold in. */
export function GameCard({ game, from }: Props) {
  const { t } = usePcTranslation();
  const name = game.game_name;
  return (
    <article className="pc-game" data-game-id={game.game_id}>
      <div className="pc-game__head">
        <img className="pc-game__icon" src={game.game_icon} alt="" width={64} height={64} loading="lazy" decoding="async" />
        <div className="pc-game__text">
          <h3 className="pc-game__name">{name}</h3>
          <p className="pc-game__desc">{game.game_desc}</p>
        </div>
      </div>
      <ul className="pc-game__areas" aria-label={t('game.regionsLabel', { name })}>
        {game.areas.map((area) => (
          <li key={area}>
            <Link
              className="pc-area-chip"
              data-area={area}
              to={toHref('/pcrole', { game_id: game.game_id, area, from })}
              aria-label={t('game.regionLabel', { name, area: areaLabel(t, area) })}
            >
              {areaLabel(t, area)}
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
