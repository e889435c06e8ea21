import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Any route the store does not have. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="not-found" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="button button--primary" to="/">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
