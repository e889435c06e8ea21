import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCharge } from '../features/charge/use-charge';
import { useStoreCustomerService } from '../features/customer-service/use-store-customer-service';
import { readFrom, rememberArea } from '../features/entry/read-from';
import { GameList } from '../features/game-list/components/GameList';
import { usePayGameList } from '../features/game-list/hooks/use-pay-game-list';
import { useVoucherTranslation } from '../lib/use-voucher-translation';
import './voucher-center-page.css';

/** /index_1, spec §2 "Voucher Center": the games to charge, each leading to its top-up page. */
export function VoucherCenterPage() {
  const { t } = useVoucherTranslation();
  const [params] = useSearchParams();
  // Read once on entry: the area must be stored before the list is asked for.
  const [from] = useState(() => {
    rememberArea(params);
    return readFrom(params);
  });
  const { state, reload } = usePayGameList();
  const { opening, charge } = useCharge(from);
  useStoreCustomerService();
  const counted = state.status === 'ready' && state.games.length > 0;

  return (
    <div className="vc-page">
      <header className="vc-hero">
        <h1 className="vc-hero__title">{t('page.title')}</h1>
        <p className="vc-hero__subtitle">{t('page.subtitle')}</p>
        {/* Always in place, so the list does not move down when the count arrives. */}
        <p className="vc-hero__count" aria-hidden={counted ? undefined : true}>
          {counted ? t('games.count', { count: state.games.length }) : '\u00a0'}
        </p>
      </header>
      <GameList state={state} opening={opening} onCharge={charge} onReload={reload} />
      <p className="vc-note">{t('note.delivery')}</p>
    </div>
  );
}
