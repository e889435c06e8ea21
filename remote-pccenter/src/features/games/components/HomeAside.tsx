import { Link } from 'react-router-dom';
import { toHref } from '@topup/shared/store';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import { areaLabel, type ListedGame } from '@topup/shared/pay-centre-api';

interface Props {
  /** The game of the address (the mobile page's game on a wide window), once it is known. */
  readonly game: ListedGame | null;
  readonly area: string;
  readonly from: string;
}

/** Beside the offers: the player's own game when the address names one, otherwise how buying works. */
export function HomeAside({ game, area, from }: Props) {
  const { t } = usePcTranslation();
  if (game) {
    const chosenArea = game.areas.includes(area) ? area : (game.areas[0] ?? area);
    return (
      <aside className="pc-home-aside pc-home-aside--game pc-panel" data-testid="your-game">
        <h2 className="pc-home-aside__title">{t('home.yourGame')}</h2>
        <img className="pc-home-aside__icon" src={game.game_icon} alt="" width={72} height={72} />
        <p className="pc-home-aside__name">{game.game_name}</p>
        <p className="pc-home-aside__area">{areaLabel(t, chosenArea)}</p>
        <Link className="pc-button pc-button--primary pc-button--block" to={toHref('/pcrole', { game_id: game.game_id, area: chosenArea, from })}>
          {t('home.topUp', { name: game.game_name })}
        </Link>
      </aside>
    );
  }
  return (
    <aside className="pc-home-aside pc-panel">
      <h2 className="pc-home-aside__title">{t('home.howTitle')}</h2>
      <ol className="pc-how">
        {['home.how1', 'home.how2', 'home.how3', 'home.how4'].map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </aside>
  );
}
