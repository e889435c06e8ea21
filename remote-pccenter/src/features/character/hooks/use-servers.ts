import { useEffect, useMemo, useState } from 'react';
import { characterArea, getPayCentreServers, initialRegion, regionRuleFor, serverListPayload, showCallError, type Server } from '@topup/shared';

/**
 * The server step of /pcrole: the region (only where the game has regions, spec §9) and its
 * servers. The Voucher Center's games list their servers with `getPcszServerList`, the others
 * with `serverList`. A new region clears the chosen server.
 */
export function useServers(gameId: string, area: string, fromVoucherList: boolean) {
  const rule = useMemo(() => regionRuleFor(gameId, area), [gameId, area]);
  const [region, setRegionState] = useState(() => initialRegion(gameId, area));
  const [servers, setServers] = useState<Server[] | null>(null);
  const [server, setServer] = useState<Server | null>(null);

  useEffect(() => {
    if (!gameId) return undefined;
    const controller = new AbortController();
    setServers(null);
    getPayCentreServers(serverListPayload(gameId, area, region), fromVoucherList ? 'getPcszServerList' : 'serverList', controller.signal).then(
      (list) => {
        setServers(list);
        setServer((current) => list.find((s) => s.server_id === current?.server_id) ?? null);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setServers([]);
        showCallError(error);
      },
    );
    return () => controller.abort();
  }, [gameId, area, region, fromVoucherList]);

  const setRegion = (value: string) => {
    if (value === region) return;
    setRegionState(value);
    setServer(null);
  };

  return { rule, region, setRegion, servers, server, setServer, roleArea: characterArea(gameId, area, region) };
}

export type ServerChoice = ReturnType<typeof useServers>;
