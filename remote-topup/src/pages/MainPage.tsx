import { lazy, Suspense, useMemo } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { BannerCarousel } from '../features/banners/components/BannerCarousel';
import { BundleShelf } from '../features/bundles/components/BundleShelf';
import { useBundles } from '../features/bundles/hooks/use-bundles';
import { useBuyBundle } from '../features/buying/hooks/use-buy-bundle';
import { SelectCharacter } from '../features/character/components/SelectCharacter';
import { useGameCharacter } from '../features/character/hooks/use-game-character';
import { roleHelpImage } from '../features/character/role-help-image';
import { useGameCustomerService } from '../lib/use-game-customer-service';
import { readEntryQuery, type EntryQuery } from '../features/entry/entry-query';
import { StoreFooter } from '../features/footer/components/StoreFooter';
import { PageHeader } from '../features/header/components/PageHeader';
import { useStorefront } from '../features/storefront/hooks/use-storefront';
import { useTopUpTranslation } from '../lib/use-topup-translation';
import './top-up-page.css';

// Only a confirmed character shows it: its code, strings and styles load then, not with `#/`.
const LinkedCharacterPanel = lazy(() => import('../features/linked-character/PhoneLinkedPanel'));

/** The mobile top-up page of spec §2: header, banners, character, bundles, footer. */
export function MainPage() {
  const [params] = useSearchParams();
  const query = params.toString();
  // A new link (another game or area) is a new page: everything starts over.
  const entry = useMemo(() => readEntryQuery(new URLSearchParams(query)), [query]);
  if (!entry.gameId) return <NoGameChosen />;
  return <GameStorefront key={`${entry.gameId}|${entry.area}|${query}`} entry={entry} />;
}

function GameStorefront({ entry }: { readonly entry: EntryQuery }) {
  const { gameId, from } = entry;
  const { character, area, role } = useGameCharacter(entry);
  const { banners, tabData, tabsError, retryTabs } = useStorefront(gameId, area);
  const shelf = useBundles({ gameId, area, from, tabData, role });
  const buy = useBuyBundle({
    gameId,
    area,
    from,
    activeTab: shelf.activeTab,
    pmxShow: tabData?.pmx_show ?? 0,
    role,
    server: character.server,
    lookUpAgain: character.lookUpAgain,
  });
  useGameCustomerService(gameId, area);
  const game = tabData?.game;
  const helpImage = roleHelpImage(gameId, game);
  // An area that does not sell the game: the game list offers the regions that do (no Retry that cannot succeed).
  if (tabsError?.ret === 1004) return <Navigate replace to={`/game?game_id=${gameId}&unsold=${area}`} />;

  return (
    <div className="tp-page" data-game-id={gameId} data-area={area}>
      <PageHeader gameName={game?.game_name ?? ''} gameIcon={game?.game_icon ?? ''} />
      <BannerCarousel banners={banners} />
      <SelectCharacter gameId={gameId} area={entry.area} character={character} helpImage={helpImage} />
      {role ? (
        <Suspense fallback={null}>
          <LinkedCharacterPanel gameId={gameId} area={area} role={role} />
        </Suspense>
      ) : null}
      <BundleShelf
        area={area}
        tabs={tabData ? tabData.tab_list : null}
        labels={tabData?.tab_labels}
        activeTab={shelf.activeTab}
        bundles={shelf.bundles}
        failed={!!tabsError || shelf.failed}
        onRetry={tabsError ? retryTabs : shelf.retry}
        onSelectTab={shelf.selectTab}
        onBuy={(bundle) => void buy(bundle)}
      />
      <StoreFooter />
    </div>
  );
}

function NoGameChosen() {
  const { t } = useTopUpTranslation();
  return (
    <div className="tp-page">
      <section className="tp-card tp-no-game">
        <h1>{t('noGame.title')}</h1>
        <p>{t('noGame.body')}</p>
        <Link className="tp-button tp-button--primary" to="/index_1">
          {t('noGame.link')}
        </Link>
      </section>
      <StoreFooter />
    </div>
  );
}
