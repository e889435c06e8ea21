import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pcpay } from '@topup/shared/pay-centre-api';
import { checkoutKeepKey, useCharacterCheck, useSubmitStep } from '@topup/shared/checkout';
import { toHref, useAppStore, useStoreNavigate } from '@topup/shared/store';
import type { Bundle, TabData } from '@topup/shared/types';
import { BundleShelf } from '../features/bundles/components/BundleShelf';
import { usePriceList } from '../features/bundles/hooks/use-price-list';
import { OrderSummary } from '../features/checkout/components/OrderSummary';
import { useCustomerConfig } from '../features/customer-service/use-customer-config';
import { useGameInfo } from '../features/game-info/use-game-info';
import { reportActivity } from '../features/reports/report-view';
import { gameQuery, readCharacterChoice, readGameChoice, type CharacterChoice } from '../lib/pc-query';
import { usePcTranslation } from '../lib/use-pc-translation';
import { PayCentreFrame } from '../app/frame/PayCentreFrame';
import { CharacterBar } from '../features/character/components/CharacterBar';
import './pc-role-page.css';
import './pc-submit-page.css';

// Once the game confirmed the character: link it with a code from its game mail, its gift and points (loaded then).
const LinkedCharacterPanel = lazy(() => import('../features/linked-character/DesktopLinkedPanel'));

/** /pcSubmit: the bundles of the game for the confirmed character, and the order beside them. */
export function PcSubmitPage() {
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
        <Checkout key={params.toString()} choice={choice} info={info} locale={locale} wanted={params.get('product_id') ?? ''} />
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

interface CheckoutProps {
  readonly choice: CharacterChoice;
  readonly info: TabData | null;
  readonly locale: string;
  /** The bundle the address asks for (Try again after a failed payment): chosen once the shelf shows it. */
  readonly wanted: string;
}

function Checkout({ choice, info, locale, wanted }: CheckoutProps) {
  const character = useCharacterCheck(choice, pcpay.roleInfo);
  // The game's character once it answered; the address's (shown dimmed, no Pay) until then.
  const role = character.status === 'confirmed' ? character.role : choice.role;
  const shelf = usePriceList({ context: choice, tabData: info, role, locale });
  const [chosen, setChosen] = useState<Bundle | null>(null);
  const offered = wanted && !chosen ? shelf.bundles?.find((b) => b.product_id === wanted) : undefined;
  useEffect(() => {
    if (offered) setChosen(offered);
  }, [offered]);
  // The bundle shown is the latest priced one of the same product (after a tab round trip).
  const bundle = (chosen && shelf.bundles?.find((b) => b.product_id === chosen.product_id)) ?? chosen;
  const navigate = useStoreNavigate();
  // The player's choices (kept for the tab's session, per game and character: the bundle is chosen here) and Pay.
  const step = useSubmitStep({
    keepKey: checkoutKeepKey('pc', { gameId: choice.gameId, area: choice.area, role }),
    gameId: choice.gameId,
    area: choice.area,
    role,
    bundle,
    payTypes: info?.pay_type_list ?? [],
    checkCode: pcpay.checkDiscountCode,
    send: (payload) => pcpay.pay(payload),
    // The bundles and the order share this page: the purchase intent is said when Pay sends it.
    beforeSend: () => {
      if (bundle) reportActivity(choice, 3, bundle.type || shelf.activeTab, bundle.product_id);
    },
    onPlaced: (placed) => navigate('/pcpay', { order_id: placed.order_id, game_id: choice.gameId, area: choice.area, from: choice.from }),
    // The store refused the price Pay sent (changed meanwhile): the shelf is read again and both prices shown.
    reprice: shelf.retry,
  });
  const productId = bundle?.product_id ?? '';

  return (
    <div className="pc-checkout">
      <div className="pc-checkout__main">
        <CharacterBar choice={choice} role={role} check={character} game={info?.game ?? null} />
        {character.status === 'confirmed' ? (
          <Suspense fallback={null}>
            <LinkedCharacterPanel gameId={choice.gameId} area={choice.area} role={character.role} />
          </Suspense>
        ) : null}
        <BundleShelf
          area={choice.area}
          tabs={info ? info.tab_list : null}
          labels={info?.tab_labels}
          activeTab={shelf.activeTab}
          bundles={shelf.bundles}
          error={shelf.error}
          chosenId={productId}
          onSelectTab={shelf.selectTab}
          onChoose={setChosen}
          onRetry={shelf.retry}
        />
      </div>
      <OrderSummary
        area={choice.area}
        bundle={bundle}
        payTypes={info?.pay_type_list ?? []}
        step={step}
        payProvider={info?.pay_provider}
        payable={character.status === 'confirmed'}
        onChooseAnother={() => setChosen(null)}
      />
    </div>
  );
}
