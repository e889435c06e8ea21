import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { areaLabel, matchesSearch, type ListedGame } from '@topup/shared/pay-centre-api';
import { localStore } from '@topup/shared/store';
import './top-up-page.css';
import { useGameCustomerService } from '../lib/use-game-customer-service';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { useTopUpTranslation } from '../lib/use-topup-translation';
import { StoreFooter } from '../features/footer/components/StoreFooter';
import { PageHeader } from '../features/header/components/PageHeader';
import { recentEntries } from '../features/game-chooser/game-list';
import { useChooserGames, type ChooserGamesState } from '../features/game-chooser/hooks/use-chooser-games';
import { readRecentGames, type RecentGame } from '../features/game-chooser/recent-games';
import { GameCard } from '../features/game-chooser/components/GameCard';
import { GameSearch } from '../features/game-chooser/components/GameSearch';
import { RecentGames } from '../features/game-chooser/components/RecentGames';
import '../features/game-chooser/game-chooser.css';

/**
 * /game: every game, the ones last topped up first, a search, and a link to each game's top-up page.
 * `?game_id=&unsold=<area>`: the top-up page was opened in an area that does not sell the game; this
 * page says so first and offers the regions that do sell it, above every game.
 */
export function GamePage() {
  const { t } = useTopUpTranslation();
  const [params] = useSearchParams();
  useScrollToTop();
  // Read once: the links carry the player's `from` on, as the Voucher Center's do.
  const [from] = useState(() => (params.get('from') ?? '').trim() || localStore.get('from') || '');
  const [recent] = useState(readRecentGames);
  const [query, setQuery] = useState('');
  const unsold = { gameId: (params.get('game_id') ?? '').trim(), area: (params.get('unsold') ?? '').trim() };
  const { state, reload } = useChooserGames();
  // The store-wide customer-service link: no game is chosen here.
  useGameCustomerService('', '');

  return (
    <div className="tp-page tp-page--chooser">
      <PageHeader gameName={t('gamePage.title')} gameIcon="" />
      <GameSearch value={query} onChange={setQuery} />
      <ChooserBody state={state} query={query} recent={recent} from={from} onReload={reload} unsold={unsold.area ? unsold : null} />
      <StoreFooter />
    </div>
  );
}

interface BodyProps {
  readonly state: ChooserGamesState;
  readonly query: string;
  readonly recent: readonly RecentGame[];
  readonly from: string;
  readonly onReload: () => void;
  /** The game and area of a top-up page that does not sell it there. */
  readonly unsold: { readonly gameId: string; readonly area: string } | null;
}

/** The game is not sold where the player came from: the regions where it is, or else the game list below. */
function UnsoldNotice({ games, gameId, area, from }: { readonly games: readonly ListedGame[]; readonly gameId: string; readonly area: string; readonly from: string }) {
  const { t } = useTopUpTranslation();
  const game = games.find((listed) => String(listed.game_id) === gameId);
  const where = areaLabel(t, area);
  return (
    <section className="tp-card tp-unsold" aria-labelledby="tp-unsold-title" data-testid="unsold-notice">
      <h2 className="tp-unsold__title" id="tp-unsold-title">
        {game ? t('chooser.unsold', { name: game.game_name, area: where }) : t('chooser.unsoldGame', { area: where })}
      </h2>
      {game ? (
        <>
          <p className="tp-unsold__body">{t('chooser.unsoldChoose')}</p>
          <GameCard game={game} from={from} />
        </>
      ) : null}
    </section>
  );
}

function ChooserBody({ state, query, recent, from, onReload, unsold }: BodyProps) {
  const { t } = useTopUpTranslation();
  if (state.status === 'loading') {
    return (
      <div className="tp-chooser-section" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('chooser.loading')}
        </p>
        <ul className="tp-game-list" aria-hidden="true">
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <li key={n} className="tp-game-skeleton" />
          ))}
        </ul>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="tp-card tp-chooser-message" role="alert">
        <p>{t('chooser.failed')}</p>
        <button type="button" className="tp-button tp-button--primary" onClick={onReload}>
          {t('common:action.retry')}
        </button>
      </div>
    );
  }
  const games = state.games.filter((game) => matchesSearch(game, query));
  const recentShown = recentEntries(state.games, recent).filter(({ game }) => matchesSearch(game, query));
  const none = state.games.length === 0 ? t('chooser.empty') : t('chooser.noMatch', { query: query.trim() });
  return (
    <>
      {unsold ? <UnsoldNotice games={state.games} gameId={unsold.gameId} area={unsold.area} from={from} /> : null}
      <p className="visually-hidden" role="status">
        {games.length ? t('chooser.count', { count: games.length }) : none}
      </p>
      {recentShown.length > 0 ? <RecentGames entries={recentShown} from={from} /> : null}
      <section className="tp-chooser-section" aria-labelledby="tp-all-games-title">
        <h2 className="tp-shelf__title" id="tp-all-games-title">
          {t('chooser.all')}
        </h2>
        {games.length === 0 ? (
          <p className="tp-card tp-chooser-message" data-testid="no-game-matches">
            {none}
          </p>
        ) : (
          <ul className="tp-game-list">
            {games.map((game) => (
              <li key={game.game_id}>
                <GameCard game={game} from={from} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
