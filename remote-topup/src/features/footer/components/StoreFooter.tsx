import { Link } from 'react-router-dom';
import { legalLink } from '@topup/shared/rules';
import { useAppStore } from '@topup/shared/store';
import { PRIVACY_PAGE_URL, TERMS_PAGE_URL } from '@topup/shared/ui';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { SELLING_POINTS } from '../selling-points';

/** The four selling points, the terms and privacy links (new tab, by language) and the address. */
export function StoreFooter() {
  const { t } = useTopUpTranslation();
  const locale = useAppStore((s) => s.locale);
  const links = [
    { key: 'terms', href: legalLink(TERMS_PAGE_URL, locale), label: t('footer.terms') },
    { key: 'privacy', href: legalLink(PRIVACY_PAGE_URL, locale), label: t('footer.privacy') },
  ];
  return (
    <footer className="tp-footer">
      <ul className="tp-points">
        {SELLING_POINTS.map((point) => (
          <li key={point.style} className={`tp-point tp-point--${point.style}`}>
            <img src={point.image} alt="" width={40} height={40} loading="lazy" />
            <div>
              <strong>{t(point.title)}</strong>
              <span>{t(point.subTitle)}</span>
            </div>
          </li>
        ))}
      </ul>
      <nav className="tp-footer__links" aria-label={`${t('footer.terms')} · ${t('footer.privacy')}`}>
        <Link to="/orders">
          {t('footer.myOrders')}
        </Link>
        {links.map((link) => (
          <a key={link.key} href={link.href} target="_blank" rel="noopener noreferrer" data-testid={`${link.key}-link`}>
            {link.label}
            <span className="visually-hidden"> {t('footer.newTab')}</span>
          </a>
        ))}
      </nav>
      <address className="tp-footer__address">{t('footer.address')}</address>
      <p className="tp-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
