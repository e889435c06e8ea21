import { useRef, type KeyboardEvent } from 'react';
import { BundleCard, openBundleDetails } from '@topup/shared/purchase-ui';
import type { Bundle } from '@topup/shared/types';
import { failureText } from '../../../lib/failure-text';
import { usePcTranslation } from '../../../lib/use-pc-translation';

interface Props {
  readonly area: string;
  readonly tabs: readonly string[] | null;
  /** Each tab's name in the page's language, by key (`priceTab`'s tab_labels). */
  readonly labels?: Readonly<Record<string, string>>;
  readonly activeTab: string;
  readonly bundles: readonly Bundle[] | null;
  /** Why the tab's bundles could not be read, or null. */
  readonly error: unknown;
  readonly chosenId: string;
  readonly onSelectTab: (tab: string) => void;
  readonly onChoose: (bundle: Bundle) => void;
  readonly onRetry: () => void;
}

const PANEL_ID = 'pc-bundle-panel';
/** The pay centre's look of the shared card: a click on a price chooses the bundle for the order. */
const CARD = { prefix: 'pc', action: 'choose' } as const;

/** Product tabs (`priceTab`) and the grid of the tab's bundles (`priceList`). */
export function BundleShelf({ area, tabs, labels, activeTab, bundles, error, chosenId, onSelectTab, onChoose, onRetry }: Props) {
  const { t } = usePcTranslation();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (!tabs) return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
    onSelectTab(tabs[next] as string);
  };
  return (
    <section className="pc-shelf pc-panel" aria-label={t('bundles.tabs')}>
      {tabs === null ? (
        <div className="pc-skeleton pc-tabs-skeleton" aria-hidden="true" />
      ) : (
        <div ref={list} className="pc-tabs" role="tablist" aria-label={t('bundles.tabs')}>
          {tabs.map((tab, index) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={`pc-bundle-tab-${index}`}
              className="pc-tabs__tab"
              aria-selected={tab === activeTab}
              aria-controls={PANEL_ID}
              tabIndex={tab === activeTab ? 0 : -1}
              onClick={() => onSelectTab(tab)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {labels?.[tab] ?? tab}
            </button>
          ))}
        </div>
      )}
      <div id={PANEL_ID} role="tabpanel" aria-busy={bundles === null} aria-labelledby={tabs ? `pc-bundle-tab-${Math.max(0, tabs.indexOf(activeTab))}` : undefined}>
        {error !== null ? (
          <div className="pc-empty pc-failed" role="alert">
            <p>{failureText(error)}</p>
            <button type="button" className="pc-button pc-button--secondary" onClick={onRetry}>
              {t('common:action.retry')}
            </button>
          </div>
        ) : bundles === null ? (
          <ul className="pc-bundle-grid" aria-label={t('bundles.loading')}>
            {[0, 1, 2, 3, 4, 5].map((n) => (
              <li key={n} className="pc-skeleton pc-bundle-skeleton" />
            ))}
          </ul>
        ) : bundles.length === 0 ? (
          <p className="pc-empty">{t('bundles.empty')}</p>
        ) : (
          <ul className="pc-bundle-grid">
            {bundles.map((bundle) => (
              <li key={bundle.product_id}>
                <BundleCard
                  bundle={bundle}
                  area={area}
                  {...CARD}
                  chosen={bundle.product_id === chosenId}
                  onPress={onChoose}
                  onOpenDetails={(b) => void openBundleDetails(b, area, CARD, onChoose)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
