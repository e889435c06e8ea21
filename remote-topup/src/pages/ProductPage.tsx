import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import './top-up-page.css';
import { useGameCustomerService } from '../lib/use-game-customer-service';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { useBuyBundle } from '../features/buying/hooks/use-buy-bundle';
import { SelectCharacter } from '../features/character/components/SelectCharacter';
import { useGameCharacter } from '../features/character/hooks/use-game-character';
import { roleHelpImage } from '../features/character/role-help-image';
import { readEntryQuery, type EntryQuery } from '../features/entry/entry-query';
import { StoreFooter } from '../features/footer/components/StoreFooter';
import { PageHeader } from '../features/header/components/PageHeader';
import { useProductOffer } from '../features/product/hooks/use-product-offer';
import { ProductMessage } from '../features/product/components/ProductMessage';
import { ProductOfferCard } from '../features/product/components/ProductOfferCard';
import '../features/product/product.css';

/**
 * /prod?game_id=…&area=…&product_id=…: one bundle (the target of banners and shared links), the
 * same character section as `/`, and the same purchase to /submit.
 */
export function ProductPage() {
  const [params] = useSearchParams();
  useScrollToTop();
  const query = params.toString();
  const entry = useMemo(() => readEntryQuery(new URLSearchParams(query)), [query]);
  const productId = (params.get('product_id') ?? '').trim();
  if (!entry.gameId || !productId) {
    return (
      <div className="tp-page">
        <PageHeader gameName="" gameIcon="" />
        <ProductMessage reason={entry.gameId ? 'noProduct' : 'noGame'} gameId={entry.gameId} area={entry.area} from={entry.from} />
        <StoreFooter />
      </div>
    );
  }
  return <ProductView key={query} entry={entry} productId={productId} />;
}

function ProductView({ entry, productId }: { readonly entry: EntryQuery; readonly productId: string }) {
  const { gameId, from } = entry;
  // As on `/`: game 18's region picker switches the area the bundle is priced in.
  const { character, area, role } = useGameCharacter(entry);
  const { tabData, offer, retry } = useProductOffer({ gameId, area, productId, role });
  const buy = useBuyBundle({
    gameId,
    area,
    from,
    activeTab: offer.status === 'ready' ? offer.tab : '',
    pmxShow: tabData?.pmx_show ?? 0,
    role,
    server: character.server,
    lookUpAgain: character.lookUpAgain,
  });
  useGameCustomerService(gameId, area);
  const game = tabData?.game;

  return (
    <div className="tp-page tp-page--product" data-game-id={gameId} data-area={area} data-product-id={productId}>
      <PageHeader gameName={game?.game_name ?? ''} gameIcon={game?.game_icon ?? ''} />
      {offer.status === 'missing' ? (
        <ProductMessage reason="notOnSale" gameId={gameId} area={area} from={from} />
      ) : (
        <>
          <ProductOfferCard offer={offer} area={area} onBuy={(bundle) => void buy(bundle)} onRetry={retry} />
          <SelectCharacter gameId={gameId} area={entry.area} character={character} helpImage={roleHelpImage(gameId, game)} />
        </>
      )}
      <StoreFooter />
    </div>
  );
}
