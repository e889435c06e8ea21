import { BundleCard, openBundleDetails } from '@topup/shared/purchase-ui';
import type { Bundle } from '@topup/shared/types';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { BUNDLE_PANEL_ID, BundleTabs, tabId } from './BundleTabs';

/** The phone's card: its price button buys (spec §4 "Buying"). */
const LOOK = { prefix: 'tp', action: 'buy' } as const;

interface Props {
  readonly area: string;
  readonly tabs: readonly string[] | null;
  readonly labels?: Readonly<Record<string, string>>;
  readonly activeTab: string;
  readonly bundles: readonly Bundle[] | null;
  /** The bundles could not be read: say so beside Retry instead of an empty shelf. */
  readonly failed?: boolean;
  readonly onRetry?: () => void;
  readonly onSelectTab: (tab: string) => void;
  readonly onBuy: (bundle: Bundle) => void;
}

/** The tabs and the grid of bundles below the character section. */
export function BundleShelf({ area, tabs, labels, activeTab, bundles, failed = false, onRetry, onSelectTab, onBuy }: Props) {
  const { t } = useTopUpTranslation();
  const activeIndex = tabs ? tabs.indexOf(activeTab) : -1;
  return (
    <section className="tp-shelf" aria-labelledby="tp-shelf-title">
      <h2 className="tp-shelf__title" id="tp-shelf-title">
        {t('bundles.title')}
      </h2>
      {tabs && tabs.length > 0 ? <BundleTabs tabs={tabs} labels={labels} active={activeTab} onSelect={onSelectTab} /> : null}
      <div
        id={BUNDLE_PANEL_ID}
        role={tabs && tabs.length > 0 ? 'tabpanel' : undefined}
        aria-labelledby={activeIndex >= 0 && tabs && tabs.length > 0 ? tabId(activeIndex) : undefined}
        aria-busy={bundles === null && !failed}
      >
        {failed && bundles === null ? (
          <div className="tp-shelf__failed" role="alert">
            <p>{t('bundles.failed')}</p>
            <button type="button" className="tp-button" onClick={onRetry}>
              {t('action.retry', { ns: 'common' })}
            </button>
          </div>
        ) : bundles === null ? (
          <ul className="tp-bundle-grid tp-bundle-grid--loading" aria-hidden="true">
            {[0, 1, 2, 3].map((n) => (
              <li key={n} className="tp-bundle-skeleton" />
            ))}
          </ul>
        ) : bundles.length === 0 ? (
          <p className="tp-shelf__empty">{t('bundles.empty')}</p>
        ) : (
          <ul className="tp-bundle-grid">
            {bundles.map((bundle) => (
              <li key={bundle.product_id}>
                <BundleCard bundle={bundle} area={area} {...LOOK} onPress={onBuy} onOpenDetails={(b) => void openBundleDetails(b, area, LOOK, onBuy)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
