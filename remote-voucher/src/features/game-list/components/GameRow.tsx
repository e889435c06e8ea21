import { type PayGame } from '@topup/shared/types';
import { SpinnerIcon } from '@topup/shared/ui';
import { useVoucherTranslation } from '../../../lib/use-voucher-translation';

interface Props {
  readonly game: PayGame;
  /** This game's top-up page is opening. */
  readonly opening: boolean;
  /** Another game is opening: Charge waits. */
  readonly busy: boolean;
  readonly onCharge: (game: PayGame) => void;
}

/** One game of the list (spec §2): icon, name, description and 'Charge'. */
export function GameRow({ game, opening, busy, onCharge }: Props) {
  const { t } = useVoucherTranslation();
  const name = game.game_name;
  return (
    <article className="vc-game" data-game-id={game.game_id} data-area={game.area} aria-busy={opening}>
      <img className="vc-game__icon" src={game.game_icon} alt="" width={64} height={64} loading="lazy" decoding="async" />
      <div className="vc-game__text">
        <h2 className="vc-game__name">{name}</h2>
        <p className="vc-game__desc">{game.game_desc}</p>
      </div>
      <button
        type="button"
        className={`vc-charge${opening ? ' vc-charge--opening' : ''}`}
        aria-label={opening ? t('game.opening', { name }) : t('game.chargeLabel', { name })}
        disabled={busy && !opening}
        onClick={() => onCharge(game)}
      >
        {opening ? <SpinnerIcon /> : null}
        <span>{t('game.charge')}</span>
      </button>
    </article>
  );
}
