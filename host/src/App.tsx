import { HashRouter, Route, Routes } from 'react-router-dom';
import { ROUTE_TABLE, type RemoteRegistry } from '@topup/shared/contracts';
import { RemoteRoute } from './federation/RemoteRoute';
import { DesktopSwitch, PhoneOnly } from './shell/DesktopSwitch';
import { NotFoundPage } from './shell/NotFoundPage';
import { Shell } from './shell/Shell';

/** The route table of spec §2: every route belongs to one remote; anything else is not found. */
interface Props {
  readonly registry: RemoteRegistry | null;
  /** A preview the tester asked for that the server does not know. */
  readonly refusedPreview?: string | null;
}

export function App({ registry, refusedPreview = null }: Props) {
  return (
    <HashRouter>
      <DesktopSwitch />
      <Shell registry={registry} refusedPreview={refusedPreview}>
        <Routes>
          {ROUTE_TABLE.map(({ path, remote, expose }) => (
            <Route
              key={path}
              path={path}
              element={
                <div className="remote-root" data-remote-root={remote} data-route={path}>
                  {path === '/' ? (
                    <PhoneOnly>
                      <RemoteRoute remote={remote} expose={expose} />
                    </PhoneOnly>
                  ) : (
                    <RemoteRoute remote={remote} expose={expose} />
                  )}
                </div>
              }
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Shell>
    </HashRouter>
  );
}
