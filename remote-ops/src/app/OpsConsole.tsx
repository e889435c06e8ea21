import { lazy, Suspense, useEffect, useRef, type ReactElement } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { LanguageSelect } from '@topup/shared/ui';
import { SessionProvider, useSession, type Permission } from '../lib/session';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { useRememberedLanguage } from '../lib/remember-language';
import { AccountPage } from '../pages/AccountPage';
import { AttentionPage } from '../pages/AttentionPage';
import { AuditPage } from '../pages/AuditPage';
import { CataloguePage } from '../pages/CataloguePage';
import { CatalogueEditorPage } from '../pages/CatalogueEditorPage';
import { OperatorsPage } from '../pages/OperatorsPage';
import { OrderPage } from '../pages/OrderPage';
import { OrdersPage } from '../pages/OrdersPage';
import { PlayerPage } from '../pages/PlayerPage';
import { ReleasesPage } from '../pages/ReleasesPage';
import { ResetPage } from '../pages/ResetPage';
import { SignInPage } from '../pages/SignInPage';
import { TicketsPage } from '../pages/TicketsPage';
import { AlertsBadge } from '../features/alerts/AlertsBadge';
import { AlertsPage } from '../features/alerts/AlertsPage';
import { Loading } from './parts';
import './ops.css';

// Insights and its charts load when opened, not with the rest of the console.
const InsightsPage = lazy(() => import('../features/insights/InsightsPage'));
const ExperimentsPage = lazy(() => import('../features/experiments/ExperimentsPage'));

interface Section {
  readonly path: string;
  readonly label: string;
  readonly permission: Permission;
}

const SECTIONS: readonly Section[] = [
  { path: 'orders', label: 'nav.orders', permission: 'read' },
  { path: 'player', label: 'nav.players', permission: 'read' },
  { path: 'attention', label: 'nav.attention', permission: 'read' },
  { path: 'tickets', label: 'nav.tickets', permission: 'read' },
  { path: 'catalogue', label: 'nav.catalogue', permission: 'read' },
  { path: 'insights', label: 'nav.insights', permission: 'read' },
  { path: 'experiments', label: 'nav.experiments', permission: 'read' },
  { path: 'releases', label: 'nav.releases', permission: 'releases.read' },
  { path: 'operators', label: 'nav.operators', permission: 'operators.manage' },
  { path: 'audit', label: 'nav.audit', permission: 'read' },
  { path: 'alerts', label: 'nav.alerts', permission: 'read' },
];

/** A page the role may not open: said plainly, never an empty screen. */
function NotAllowed() {
  const { t } = useOpsTranslation();
  return (
    <section className="ops-page">
      <h1 tabIndex={-1}>{t('forbidden.title')}</h1>
      <p>{t('forbidden.body')}</p>
    </section>
  );
}

function Guarded({ permission, children }: { readonly permission: Permission; readonly children: ReactElement }) {
  return useSession().may(permission) ? children : <NotAllowed />;
}

function Console() {
  const { t } = useOpsTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const main = useRef<HTMLDivElement>(null);
  // The language of the store's mails to this operator: the one they last used here.
  useRememberedLanguage(session.state === 'signedIn');

  // Each page's title, and focus on its heading after a move, for keyboard and screen-reader users.
  useEffect(() => {
    const heading = main.current?.querySelector('h1');
    document.title = `${heading?.textContent ?? t('console.name')} · ${t('console.name')}`;
    if (heading instanceof HTMLElement && document.activeElement?.closest('.ops-nav')) heading.focus();
  });

  // The e-mailed reset link opens the same page signed in or not.
  if (pathname === '/ops/reset') return <ResetPage />;
  if (session.state === 'loading') return <Loading />;
  if (session.state === 'unreachable') {
    return (
      <section className="ops-page ops-page--centered">
        <h1>{t('console.unreachable')}</h1>
        <button type="button" className="ops-button" onClick={session.retry}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  if (session.state === 'signedOut' || session.state === 'secondFactor') return <SignInPage />;

  // OPS_REQUIRE_2FA: a role that needs a second factor sets it up before anything else.
  if (session.mustEnrol && pathname !== '/ops/account') return <Navigate to="/ops/account" replace />;
  const first = SECTIONS.find((section) => session.may(section.permission))?.path ?? 'orders';
  return (
    <div className="ops-layout">
      <aside className="ops-side">
        <div className="ops-brand">{t('console.name')}</div>
        <nav className="ops-nav" aria-label={t('nav.label')}>
          <ul>
            {SECTIONS.filter((section) => session.may(section.permission)).map((section) => (
              <li key={section.path}>
                <NavLink to={`/ops/${section.path}`} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
                  {t(section.label)}
                  {section.path === 'alerts' ? <AlertsBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ops-who">
          <span className="ops-who__name">{session.operator?.name}</span>
          <span className="ops-who__role">{t(`role.${session.operator?.role}`, { defaultValue: session.operator?.role })}</span>
          <NavLink to="/ops/account" className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
            {t('nav.account')}
          </NavLink>
          <LanguageSelect className="ops-language" label={t('common.language')} />
          <button type="button" className="ops-button ops-button--quiet" onClick={() => void session.signOut()}>
            {t('session.signOut')}
          </button>
          <button type="button" className="ops-button ops-button--quiet" onClick={() => void session.signOutEverywhere()}>
            {t('session.signOutEverywhere')}
          </button>
        </div>
      </aside>
      {/* The host's shell holds the page's one <main> landmark: the console's pages sit inside it. */}
      <div className="ops-main" ref={main} data-path={pathname}>
        <Routes>
          <Route index element={<Navigate to={session.mustEnrol ? '/ops/account' : `/ops/${first}`} replace />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="orders" element={<Guarded permission="read"><OrdersPage /></Guarded>} />
          <Route path="orders/:orderId" element={<Guarded permission="read"><OrderPage /></Guarded>} />
          <Route path="player" element={<Guarded permission="read"><PlayerPage /></Guarded>} />
          <Route path="attention" element={<Guarded permission="read"><AttentionPage /></Guarded>} />
          <Route path="tickets" element={<Guarded permission="read"><TicketsPage /></Guarded>} />
          <Route path="catalogue" element={<Guarded permission="read"><CataloguePage /></Guarded>} />
          <Route path="catalogue/edit" element={<Guarded permission="read"><CatalogueEditorPage /></Guarded>} />
          <Route path="insights" element={<Guarded permission="read"><Suspense fallback={<Loading />}><InsightsPage /></Suspense></Guarded>} />
          <Route path="experiments" element={<Guarded permission="read"><Suspense fallback={<Loading />}><ExperimentsPage /></Suspense></Guarded>} />
          <Route path="releases" element={<Guarded permission="releases.read"><ReleasesPage /></Guarded>} />
          <Route path="operators" element={<Guarded permission="operators.manage"><OperatorsPage /></Guarded>} />
          <Route path="audit" element={<Guarded permission="read"><AuditPage /></Guarded>} />
          <Route path="alerts" element={<Guarded permission="read"><AlertsPage /></Guarded>} />
          <Route path="*" element={<NotAllowed />} />
        </Routes>
      </div>
    </div>
  );
}

/** The back office: the sign-in page at #/ops, then the console with its navigation on the side. */
export function OpsConsole() {
  return (
    <div className="ops">
      <SessionProvider>
        <Console />
      </SessionProvider>
    </div>
  );
}
