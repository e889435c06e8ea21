import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PayCentreLogo } from '../../lib/icons';
import { usePcTranslation } from '../../lib/use-pc-translation';
import { PurchaseSteps, type PurchaseStep } from './PurchaseSteps';
import './frame.css';

interface Props {
  /** Where the player is in the purchase. */
  readonly step: PurchaseStep;
  /** The page's own heading; on the home page the brand is the heading. */
  readonly title?: string;
  /** Beside the brand, e.g. the game search on the home page. */
  readonly tools?: ReactNode;
  readonly children: ReactNode;
}

/** The desktop pay centre around every page: brand, purchase steps, then the page. */
export function PayCentreFrame({ step, title, tools, children }: Props) {
  const { t } = usePcTranslation();
  // Each step is a new page: it starts at the top, not where the last one was scrolled to.
  useEffect(() => {
    document.scrollingElement?.scrollTo?.({ top: 0 });
  }, [step]);
  const name = title ? <span className="pc-brand__name">{t('brand.name')}</span> : <h1 className="pc-brand__name">{t('brand.name')}</h1>;
  const brand = (
    <>
      <PayCentreLogo />
      <span className="pc-brand__text">
        {name}
        <span className="pc-brand__tagline">{t('brand.tagline')}</span>
      </span>
    </>
  );
  return (
    <div className="pc-frame" data-step={step}>
      <header className="pc-topbar">
        <div className="pc-topbar__inner">
          {title ? (
            <Link className="pc-brand" to="/pcIndex">
              {brand}
            </Link>
          ) : (
            <div className="pc-brand">{brand}</div>
          )}
          <PurchaseSteps current={step} />
          {tools ? <div className="pc-topbar__tools">{tools}</div> : null}
          <Link className="pc-topbar__link" to="/orders" data-testid="my-orders-link">
            {t('frame.myOrders')}
          </Link>
        </div>
      </header>
      <div className="pc-content">
        {title ? <h1 className="pc-page-title">{title}</h1> : null}
        {children}
      </div>
    </div>
  );
}
