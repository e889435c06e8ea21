import type { Server } from '@topup/shared/types';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { requireGameId } from '../require-game-id';
import { serversFor } from '../servers-for';

/** `getServerList`: the servers of a game in an area, narrowed by region where the game has regions. */
export const getServerList = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area, region: FIELD.region },
  signed: true,
  sameForEveryone: () => true,
  async handle(input, { catalogue }): Promise<Server[]> {
    const servers = serversFor(catalogue, requireGameId(input), input.area ?? '', input.region ?? '');
    return servers.map((server) => ({
      server_id: server.serverId,
      server_name: server.serverName,
      server_sign: server.serverSign,
    }));
  },
});
