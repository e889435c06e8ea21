import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pcpay } from '@topup/shared/pay-centre-api';
import { showCheckoutCheck, useDiscountCode, usePayMethod, usePlaceOrder, useReceiptEmail, useSessionState } from '@topup/shared/checkout';
import { toHref, useAppStore, useStoreNavigate } from '@topup/shared/store';
import type { Bundle, TabData } from '@topup/shared/types';
import { BundleShelf } from '../../features/bundles/components/BundleShelf';
import { usePriceList } from '../../features/bundles/hooks/use-price-list';
import { useConfirmedCharacter } from '../../features/character/hooks/use-confirmed-character';
import { OrderSummary } from '../../features/checkout/components/OrderSummary';
import { useCustomerConfig } from '../../features/customer-service/use-customer-config';
import { useGameInfo } from '../../features/game-info/use-game-info';
import { reportActivity } from '../../features/reports/report-view';
import { gameQuery, readCharacterChoice, readGameChoice, type CharacterChoice } from '../../lib/pc-query';
import { usePcTranslation } from '../../lib/use-pc-translation';
import { PayCentreFrame } from '../frame/PayCentreFrame';
import { CharacterBar } from './CharacterBar';
import '../role/role.css';
import './submit.css';

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
  const character = useConfirmedCharacter(choice);
  // The game's character once it answered; the address's (shown dimmed, no Pay) until then.
  const role = character.status === 'confirmed' ? character.role : choice.role;
  const shelf = usePriceList({ context: choice, tabData: info, role, locale });
  const [chosen, setChosen] = useState<Bundle | null>(null);
  const offered = wanted && !chosen ? shelf.bundles?.find((b) => b.product_id === wanted) : undefined;
  useEffect(() => {
    if (offered) setChosen(offered);
  }, [offered]);
  // The player's choices are kept for the tab's session (reload, Back), per game and character.
  const keepKey = `pc:checkout:${choice.gameId}|${choice.area}|${role.server_id}|${role.role_id}`;
  const [agreed, setAgreed] = useSessionState(`${keepKey}:agreed`, false);
  const [agreementMissing, setAgreementMissing] = useState(false);
  const payTypes = info?.pay_type_list ?? [];
  const payMethod = usePayMethod(payTypes, keepKey);
  // The bundle shown is the latest priced one of the same product (after a tab round trip).
  const bundle = (chosen && shelf.bundles?.find((b) => b.product_id === chosen.product_id)) ?? chosen;
  const productId = bundle?.product_id ?? '';
  const discount = useDiscountCode({ gameId: choice.gameId, area: choice.area, roleId: role.role_id, productId, payType: payMethod.chosen, check: pcpay.checkDiscountCode, keepKey });
  const code = discount.applied?.discount_code ?? '';
  const receipt = useReceiptEmail();
  // One order token per purchase: what is bought, how, with which code, for whom, receipt to where.
  const order = usePlaceOrder([productId, payMethod.chosen, code, `${role.server_id}/${role.role_id}`, receipt.value].join('|'));
  const navigate = useStoreNavigate();

  const pay = async () => {
    if (!bundle) {
      showCheckoutCheck('validation.chooseBundle');
      return;
    }
    if (!receipt.check()) return;
    setAgreementMissing(!agreed);
    const placed = await order.placeOrder({
      agreed,
      buyer: { gameId: choice.gameId, area: choice.area, roleId: role.role_id },
      send: (token) => {
        reportActivity(choice, 3, bundle.type || shelf.activeTab, bundle.product_id);
        return pcpay.pay({
          game_id: choice.gameId,
          area: choice.area,
          server_id: role.server_id,
          role_id: role.role_id,
          uid: role.uid,
          product_id: bundle.product_id,
          pay_type: payMethod.chosen,
          discount_code: code,
          order_token: token,
          receipt_email: receipt.value,
          // The bundle's price this page shows: a price changed since is refused, never charged silently.
          seen_amount: bundle.amount,
        });
      },
    });
    if (placed) navigate('/pcpay', { order_id: placed.order_id, game_id: choice.gameId, area: choice.area, from: choice.from });
  };

  return (
    <div className="pc-checkout">
      <div className="pc-checkout__main">
        <CharacterBar choice={choice} role={role} check={character} game={info?.game ?? null} />
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
        discount={discount}
        payTypes={payTypes}
        payType={payMethod.chosen}
        onPayType={payMethod.choose}
        agreed={agreed}
        onAgree={setAgreed}
        agreementMissing={agreementMissing}
        receipt={receipt}
        placing={order.placing}
        payProvider={info?.pay_provider}
        payable={character.status === 'confirmed'}
        onPay={() => void pay()}
      />
    </div>
  );
}
