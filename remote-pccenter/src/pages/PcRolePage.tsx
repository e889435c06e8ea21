import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pcpay } from '@topup/shared/pay-centre-api';
import { useCharacterLookup, useServerChoice } from '@topup/shared/purchase';
import { loadRecentCharacters } from '@topup/shared/purchase-ui';
import { roleHelpImageOf, usesCharacterName } from '@topup/shared/rules';
import { localStore, toHref, useAppStore, useStoreNavigate } from '@topup/shared/store';
import type { GetServerListPayload, RoleInfo } from '@topup/shared/types';
import { AccountLookup } from '../features/character/components/AccountLookup';
import { FoundCharacter, FoundStatus } from '../features/character/components/CharacterCard';
import { CharacterIdForm } from '../features/character/components/CharacterIdForm';
import { RecentCharacterPicker } from '../features/character/components/RecentCharacterPicker';
import { ServerChooser } from '../features/character/components/ServerChooser';
import { useAccountCharacters } from '../features/character/hooks/use-account-characters';
import { useLookupErrors } from '../features/character/hooks/use-lookup-errors';
import { useCustomerConfig } from '../features/customer-service/use-customer-config';
import { GameSummary } from '../features/game-info/GameSummary';
import { useGameInfo } from '../features/game-info/use-game-info';
import { reportActivity } from '../features/reports/report-view';
import { ChevronIcon } from '../lib/icons';
import { characterQuery, readGameChoice } from '../lib/pc-query';
import { usePcTranslation } from '../lib/use-pc-translation';
import { PayCentreFrame } from '../app/frame/PayCentreFrame';
import './pc-role-page.css';

type LookupMode = 'character' | 'account';

/** /pcrole: the server (and region), then the character by its ID or through the account, confirmed. */
export function PcRolePage() {
  const { t } = usePcTranslation();
  const [params] = useSearchParams();
  const game = useMemo(() => readGameChoice(params), [params]);
  const locale = useAppStore((s) => s.locale);
  const info = useGameInfo(game.gameId, game.area, locale);
  // The Voucher Center's games list their servers with `getPcszServerList`, the others with `serverList`.
  const serverList = game.list === 'voucher' ? 'getPcszServerList' : 'serverList';
  const loadServers = useCallback(
    (payload: GetServerListPayload, signal: AbortSignal) => pcpay[serverList](payload, signal),
    [serverList],
  );
  const servers = useServerChoice({ gameId: game.gameId, area: game.area, load: loadServers });
  const lookup = useCharacterLookup({ gameId: game.gameId, roleArea: servers.roleArea, server: servers.server, lookUpRole: pcpay.roleInfo });
  const found = lookup.confirmation.step === 'found' ? lookup.confirmation.role : null;
  const errors = useLookupErrors(lookup);
  const account = useAccountCharacters(game.gameId, servers.roleArea);
  const [mode, setMode] = useState<LookupMode>('character');
  const navigate = useStoreNavigate();
  useCustomerConfig(game.gameId, game.area);

  useEffect(() => {
    reportActivity(game, 1);
    if (game.area) localStore.set('area', game.area);
  }, [game]);

  // Both ways to a character end here, confirmed: the funnel's "character confirmed" step (report type 4,
  // the store's own; the session is the browser's report cookie).
  const goOn = (role: RoleInfo) => {
    reportActivity(game, 4);
    void loadRecentCharacters().then((recent) => recent.rememberRecentCharacter(game.gameId, role, servers.roleArea, servers.region));
    const serverSign = servers.servers?.find((s) => s.server_id === role.server_id)?.server_sign ?? '';
    navigate('/pcSubmit', characterQuery({ ...game, area: servers.roleArea, role, serverSign }));
  };
  const confirmFound = () => {
    const role = lookup.confirm();
    if (role) goOn(role);
  };
  const helpImage = info ? info.game.role_help_image : roleHelpImageOf(game.gameId);
  const idTab = t(usesCharacterName(game.gameId) ? 'role.byName' : 'role.byId');

  return (
    <PayCentreFrame step="character" title={t('role.title')}>
      <div className="pc-two-columns">
        <div className="pc-side">
          <Link className="pc-link pc-back" to={toHref('/pcIndex', { from: game.from })}>
            <ChevronIcon direction="left" />
            {t('role.back')}
          </Link>
          <GameSummary game={info?.game ?? null} area={game.area} />
        </div>
        <section className="pc-panel pc-lookup" aria-label={t('role.title')}>
          <div className="pc-tabs" role="tablist" aria-label={t('role.title')}>
            {(['character', 'account'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                id={`pc-lookup-${value}`}
                aria-selected={mode === value}
                aria-controls="pc-lookup-panel"
                className="pc-tabs__tab"
                onClick={() => setMode(value)}
              >
                {value === 'character' ? idTab : t('role.byAccount')}
              </button>
            ))}
          </div>
          <div className="pc-lookup__body" id="pc-lookup-panel" role="tabpanel" aria-labelledby={`pc-lookup-${mode}`}>
            {mode === 'character' ? (
              <RecentCharacterPicker
                gameId={game.gameId}
                target={{ ...lookup, roleArea: servers.roleArea, region: servers.region, servers: servers.servers, server: servers.server, selectServer: servers.selectServer }}
              />
            ) : null}
            <ServerChooser choice={servers} showServers={mode === 'character'} error={mode === 'character' ? errors.server : ''} />
            {mode === 'character' ? (
              <>
                <CharacterIdForm gameId={game.gameId} lookup={lookup} error={errors.character} helpImage={helpImage} />
                <FoundStatus role={found} />
                {found ? <FoundCharacter role={found} onConfirm={confirmFound} /> : null}
              </>
            ) : (
              <AccountLookup
                account={account}
                onConfirm={() => {
                  if (account.chosenCharacter) goOn(account.chosenCharacter);
                }}
              />
            )}
          </div>
        </section>
      </div>
    </PayCentreFrame>
  );
}
