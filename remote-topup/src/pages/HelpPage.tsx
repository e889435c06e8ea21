import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppStore } from '@topup/shared/store';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { useTopUpTranslation } from '../lib/use-topup-translation';
import { FindOrderForm } from '../features/my-orders/components/FindOrderForm';
import { policyLinks } from '../features/help/legal-pages';
import { ContactForm } from '../features/help/components/ContactForm';
import { MyTickets } from '../features/help/components/MyTickets';
import '../lib/order-page.css';
import '../features/my-orders/my-orders.css';
import '../features/help/help.css';

const QUESTIONS = ['id', 'late', 'refund', 'pay'] as const;

/**
 * /help: where the customer-service button leads. The questions players ask most, an order lookup
 * (it opens My orders with the order found), the contact form, My tickets (a ticket and support's answer,
 * by reference and e-mail) and the store's policies.
 */
export function HelpPage() {
  const { t } = useTopUpTranslation();
  useScrollToTop();
  const locale = useAppStore((s) => s.locale);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const gameId = (params.get('game_id') ?? '').replace(/\D/g, '');
  const area = (params.get('area') ?? '').replace(/[^A-Za-z_-]/g, '');
  const store = gameId ? `/?${new URLSearchParams({ game_id: gameId, ...(area ? { area } : {}) }).toString()}` : '/';

  return (
    <div className="od-page mo-page hp-page" data-testid="help-page">
      <header className="od-header">
        <Link className="od-header__back" to={store} aria-label={t('support.back')}>
          ‹
        </Link>
        <h1>{t('support.title')}</h1>
      </header>
      <p className="mo-muted hp-intro">{t('support.intro')}</p>

      <section className="od-card" aria-labelledby="hp-faq-title">
        <h2 className="od-card__title" id="hp-faq-title">
          {t('support.faq.title')}
        </h2>
        <div className="hp-faq">
          {QUESTIONS.map((key) => (
            <details key={key} className="hp-question" data-question={key}>
              <summary>{t(`support.faq.${key}.q`)}</summary>
              <p>{t(`support.faq.${key}.a`)}</p>
              {key === 'late' ? (
                <Link className="od-link" to="/orders">
                  {t('footer.myOrders')}
                </Link>
              ) : null}
            </details>
          ))}
        </div>
      </section>

      <FindOrderForm
        startOrderId=""
        startRoleId=""
        searching={false}
        refusal=""
        onFind={(orderId, roleId) => navigate(`/orders?${new URLSearchParams({ order_id: orderId, role_id: roleId }).toString()}`)}
      />

      <ContactForm gameId={gameId} area={area} startOrderId={(params.get('order_id') ?? '').slice(0, 64)} />

      <MyTickets />

      <nav className="od-card hp-policies" aria-labelledby="hp-policies-title">
        <h2 className="od-card__title" id="hp-policies-title">
          {t('support.legal.title')}
        </h2>
        <ul>
          {policyLinks(locale).map((link) => (
            <li key={link.key}>
              <a className="od-link" href={link.href} target="_blank" rel="noopener noreferrer">
                {t(`support.legal.${link.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
