import { Link } from 'react-router-dom';
import { toHref } from '@topup/shared/store';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { areaLabel, type ListedGame } from '@topup/shared/pay-centre-api';

interface Props {
  readonly game: ListedGame;
  readonly from: string;
}

/** A game of /game: icon, name, description, and one link to its top-up page per area it is sold in. */
export function GameCard({ game, from }: Props) {
  const { t } = useTopUpTranslation();
  const name = game.game_name;
  return (
    <article className="tp-game" data-game-id={game.game_id}>
      <img className="tp-game__icon" src={game.game_icon} alt="" width={56} height={56} loading="lazy" decoding="async" />
      <div className="tp-game__text">
        <h3 className="tp-game__name">{name}</h3>
        <p className="tp-game__desc">{game.game_desc}</p>
      </div>
      <ul className="tp-game__areas" aria-label={t('chooser.areasOf', { name })}>
        {game.areas.map((area) => (
          <li key={area}>
            <Link
              className="tp-area-chip"
              data-area={area}
              to={toHref('/', { game_id: game.game_id, area, from })}
              aria-label={t('chooser.topUpIn', { name, area: areaLabel(t, area) })}
            >
              {areaLabel(t, area)}
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
