import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@topup/shared/query';
import { characterArea, initialRegion, regionRuleFor, serverListPayload } from '@topup/shared/rules';
import type { GetServerListPayload, Server } from '@topup/shared/types';

export interface ServerChoiceOptions {
  readonly gameId: string;
  readonly area: string;
  /** The storefront's call (`getServerList`, or the pay centre's `serverList`/`getPcszServerList`). */
  readonly load: (payload: GetServerListPayload, signal: AbortSignal) => Promise<Server[]>;
  /** The region to start in (from the link or the remembered character). */
  readonly startRegion?: string;
  /** A server to choose once the list has it (from the link or the remembered character). */
  readonly wantedServerId?: string;
  /** The server chosen before the list arrives (a remembered character). */
  readonly startServer?: Server | null;
}

/**
 * The region (where the game has regions, spec §9) and server step of both storefronts: the list
 * loads on entry and again whenever the region changes (spec §4), and a new region clears the
 * chosen server. A failed list shows the error dialog and leaves an empty list.
 */
export function useServerChoice({ gameId, area, load, startRegion, wantedServerId = '', startServer = null }: ServerChoiceOptions) {
  const rule = useMemo(() => regionRuleFor(gameId, area), [gameId, area]);
  const [region, setRegion] = useState(() => initialRegion(gameId, area, startRegion));
  const [server, setServer] = useState<Server | null>(wantedServerId ? null : startServer);
  const wanted = useRef(wantedServerId || startServer?.server_id || '');
  const list = useQuery(gameId ? `${gameId}|${area}|${region}` : null, (signal) => load(serverListPayload(gameId, area, region), signal));
  const servers = list.loading ? null : (list.data ?? []);

  useEffect(() => {
    if (!list.data) return;
    const found = list.data;
    const id = wanted.current;
    wanted.current = '';
    setServer((current) => found.find((s) => s.server_id === (id || current?.server_id)) ?? null);
  }, [list.data]);

  const selectRegion = useCallback(
    (value: string) => {
      if (value === region) return;
      setRegion(value);
      setServer(null);
      wanted.current = '';
    },
    [region],
  );

  return { rule, region, selectRegion, servers, server, selectServer: setServer, roleArea: characterArea(gameId, area, region) };
}

export type ServerChoice = ReturnType<typeof useServerChoice>;
