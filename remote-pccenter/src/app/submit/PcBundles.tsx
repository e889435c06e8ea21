import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toHref, useAppStore, type Bundle, type TabData } from '@topup/shared';
import { BundleShelf } from '../../features/bundles/components/BundleShelf';
import { usePriceList } from '../../features/bundles/hooks/use-price-list';
import { OrderSummary } from '../../features/checkout/components/OrderSummary';
import { useDiscountCode } from '../../features/checkout/hooks/use-discount-code';
import { usePlaceOrder } from '../../features/checkout/hooks/use-place-order';
import { useCustomerConfig } from '../../features/customer-service/use-customer-config';
import { useGameInfo } from '../../features/game-info/use-game-info';
import { gameQuery, readCharacterChoice, readGameChoice, type CharacterChoice } from '../../lib/pc-query';
import { usePcTranslation } from '../../lib/use-pc-translation';
import { PayCentreFrame } from '../frame/PayCentreFrame';
import { CharacterBar } from './CharacterBar';
import '../role/role.css';
import './submit.css';

/** /pcSubmit: the bundles of the game for the confirmed character, and the order beside them. */
export function PcBundles() {
  const { t } = usePcTranslation();
  const [params] = useSearchParams();
  const choice = useMemo(() => readCharacterChoice(params), [params]);
  const game = useMemo(() => readGameChoice(params), [params]);
  const locale = useAppStore((s) => s.locale);
  const info = useGameInfo(game.gameId, game.area, locale);
  useCustomerConfig(game.gameId, game.area);
  return (
    <PayCentreFrame step="bundle" title={t('submit.title')}>
      {choice ? (
        <Checkout key={params.toString()} choice={choice} info={info} />
      ) : (
        <section className="pc-panel pc-no-character">
          <p>{t('submit.noCharacter')}</p>
          <Link className="pc-button pc-button--primary" to={toHref('/pcrole', gameQuery(game))}>
            {t('submit.toCharacter')}
          </Link>
        </section>
      )}
    </PayCentreFrame>
  );
}

function Checkout({ choice, info }: { readonly choice: CharacterChoice; readonly info: TabData | null }) {
  const shelf = usePriceList({ context: choice, tabData: info, role: choice.role });
  const [chosen, setChosen] = useState<Bundle | null>(null);
  const [payType, setPayType] = useState('');
  const [agreed, setAgreed] = useState(false);
  const payTypes = info?.pay_type_list ?? [];
  const chosenPayType = payType || (payTypes.find((p) => p.checked === 1) ?? payTypes[0])?.pay_type || '';
  // The bundle shown is the latest priced one of the same product (after a tab round trip).
  const bundle = (chosen && shelf.bundles?.find((b) => b.product_id === chosen.product_id)) ?? chosen;
  const discount = useDiscountCode({ gameId: choice.gameId, area: choice.area, roleId: choice.role.role_id, bundle });
  const order = usePlaceOrder({ choice, bundle, tab: bundle?.type ?? shelf.activeTab, payType: chosenPayType, discount: discount.applied, agreed });

  return (
    <div className="pc-checkout">
      <div className="pc-checkout__main">
        <CharacterBar choice={choice} game={info?.game ?? null} />
        <BundleShelf
          area={choice.area}
          tabs={info ? info.tab_list : null}
          activeTab={shelf.activeTab}
          bundles={shelf.bundles}
          chosenId={bundle?.product_id ?? ''}
          onSelectTab={shelf.selectTab}
          onChoose={setChosen}
        />
      </div>
      <OrderSummary
        area={choice.area}
        bundle={bundle}
        discount={discount}
        payTypes={payTypes}
        payType={chosenPayType}
        onPayType={setPayType}
        agreed={agreed}
        onAgree={setAgreed}
        placing={order.placing}
        onPay={() => void order.placeOrder()}
      />
    </div>
  );
}
