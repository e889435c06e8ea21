import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppStore } from '@topup/shared/store';
import { BannerCarousel } from '../features/banners/BannerCarousel';
import { useCustomerConfig } from '../features/customer-service/use-customer-config';
import { GameCard } from '../features/games/components/GameCard';
import { GameSearch } from '../features/games/components/GameSearch';
import { HomeAside } from '../features/games/components/HomeAside';
import { VoucherGameCard } from '../features/games/components/VoucherGameCard';
import { matchesSearch } from '@topup/shared/pay-centre-api';
import { useGameCatalogue } from '../features/games/hooks/use-game-catalogue';
import { failureText } from '../lib/failure-text';
import { homeAreaOf, readGameChoice } from '../lib/pc-query';
import { usePcTranslation } from '../lib/use-pc-translation';
import { PayCentreFrame } from '../app/frame/PayCentreFrame';
import './pc-index-page.css';

/** /pcIndex: the pay centre's front page — offers, voucher games, every game, and search. */
export function PcIndexPage() {
  const { t } = usePcTranslation();
  const [params] = useSearchParams();
  const entry = useMemo(() => readGameChoice(params), [params]);
  const locale = useAppStore((s) => s.locale);
  const catalogue = useGameCatalogue(entry.area || homeAreaOf(locale), locale);
  const { banners, games, voucherGames } = catalogue;
  const [query, setQuery] = useState('');
  useCustomerConfig(entry.gameId, entry.gameId ? entry.area : '');

  const yourGame = games?.find((game) => String(game.game_id) === entry.gameId) ?? null;
  const shownGames = games?.filter((game) => matchesSearch(game, query)) ?? null;
  const shownVouchers = voucherGames?.filter((game) => matchesSearch(game, query)) ?? null;
  const searching = query.trim() !== '';

  return (
    <PayCentreFrame step="game" tools={<GameSearch value={query} onChange={setQuery} />}>
      {searching ? null : (
        <div className="pc-home-hero">
          <BannerCarousel banners={banners} />
          <HomeAside game={yourGame} area={entry.area} from={entry.from} />
        </div>
      )}
      {searching && shownGames ? (
        <p className="pc-search-summary" role="status">
          {shownGames.length > 0 ? t('search.results', { count: shownGames.length, query: query.trim() }) : t('search.none', { query: query.trim() })}
        </p>
      ) : null}
      {shownVouchers === null && catalogue.error === null ? (
        // The voucher games' place is kept while the catalogue loads, so the games below do not move
        // when it arrives (it holds voucher games in most stores).
        <section className="pc-home-section" aria-labelledby="pc-vouchers-title" aria-busy="true">
          <div className="pc-section-head">
            <h2 className="pc-section-title" id="pc-vouchers-title">
              {t('home.featured')}
            </h2>
            <p className="pc-section-hint">{t('home.featuredHint')}</p>
          </div>
          <ul className="pc-voucher-row" aria-hidden="true">
            {[0, 1, 2, 3, 4].map((n) => (
              <li key={n} className="pc-skeleton pc-voucher-skeleton" />
            ))}
          </ul>
        </section>
      ) : null}
      {shownVouchers && shownVouchers.length > 0 ? (
        <section className="pc-home-section" aria-labelledby="pc-vouchers-title">
          <div className="pc-section-head">
            <h2 className="pc-section-title" id="pc-vouchers-title">
              {t('home.featured')}
            </h2>
            <p className="pc-section-hint">{t('home.featuredHint')}</p>
          </div>
          <ul className="pc-voucher-row">
            {shownVouchers.map((game) => (
              <li key={game.game_id}>
                <VoucherGameCard game={game} from={entry.from} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="pc-home-section" aria-labelledby="pc-games-title" aria-busy={shownGames === null}>
        <div className="pc-section-head">
          <h2 className="pc-section-title" id="pc-games-title">
            {t('home.allGames')}
          </h2>
          <p className="pc-section-hint">{t('home.allGamesHint')}</p>
        </div>
        {catalogue.error !== null ? (
          <div className="pc-empty pc-failed" role="alert">
            <p>{failureText(catalogue.error)}</p>
            <button type="button" className="pc-button pc-button--secondary" onClick={catalogue.retry}>
              {t('common:action.retry')}
            </button>
          </div>
        ) : shownGames === null ? (
          <ul className="pc-game-grid" aria-hidden="true">
            {[0, 1, 2, 3, 4, 5].map((n) => (
              <li key={n} className="pc-skeleton pc-game-skeleton" />
            ))}
          </ul>
        ) : shownGames.length === 0 ? (
          searching ? null : <p className="pc-empty">{t('home.emptyList')}</p>
        ) : (
          <ul className="pc-game-grid">
            {shownGames.map((game) => (
              <li key={game.game_id}>
                <GameCard game={game} from={entry.from} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </PayCentreFrame>
  );
}
