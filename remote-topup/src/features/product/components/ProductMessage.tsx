import { Link } from 'react-router-dom';
import { toHref } from '@topup/shared/store';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Props {
  /** No game in the link, no product in the link, or a product no tab of the game sells. */
  readonly reason: 'noGame' | 'noProduct' | 'notOnSale';
  readonly gameId: string;
  readonly area: string;
  readonly from: string;
}

/** Why /prod has no bundle to show, and the way back: the game's top-up page, or the game chooser. */
export function ProductMessage({ reason, gameId, area, from }: Props) {
  const { t } = useTopUpTranslation();
  const back = gameId ? toHref('/', { game_id: gameId, area, from }) : toHref('/game', { from });
  return (
    <section className="tp-card tp-product-message" aria-labelledby="tp-product-message-title" data-testid="product-message" data-reason={reason}>
      <h2 className="tp-card__title" id="tp-product-message-title">
        {t(`product.${reason}.title`)}
      </h2>
      <p>{t(`product.${reason}.body`)}</p>
      <Link className="tp-button tp-button--primary" to={back}>
        {t(gameId ? 'product.backToGame' : 'product.chooseGame')}
      </Link>
    </section>
  );
}
