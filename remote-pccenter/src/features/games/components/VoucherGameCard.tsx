import { Link } from 'react-router-dom';
import { toHref } from '@topup/shared/store';
import type { PayGame } from '@topup/shared/types';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import { areaLabel } from '@topup/shared/pay-centre-api';

/** A voucher game: big icon, name, its area and 'Charge' into the character step. */
export function VoucherGameCard({ game, from }: { readonly game: PayGame; readonly from: string }) {
  const { t } = usePcTranslation();
  return (
    <article className="pc-voucher" data-game-id={game.game_id} data-area={game.area}>
      <img className="pc-voucher__icon" src={game.game_icon} alt="" width={88} height={88} loading="lazy" decoding="async" />
      <h3 className="pc-voucher__name">{game.game_name}</h3>
      <p className="pc-voucher__area">{areaLabel(t, game.area)}</p>
      <Link
        className="pc-button pc-button--primary pc-voucher__charge"
        to={toHref('/pcrole', { game_id: game.game_id, area: game.area, from, list: 'voucher' })}
        aria-label={t('game.chargeLabel', { name: game.game_name })}
      >
        {t('game.charge')}
      </Link>
    </article>
  );
}
