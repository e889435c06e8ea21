import type { Catalogue } from './catalogue';
import type { CatalogueCache } from './catalogue-cache';
import { endpointUrlProblem, type GameEndpointPolicy } from '../game/http/game-endpoint-policy';
import { HttpGameGateway } from '../game/http/http-game-gateway';

/**
 * `GAME_GATEWAY=http`: each game's server as the catalogue sets it (games.game_server_url and
 * game_server_secret, migration 059), read from the catalogue in memory, so a changed endpoint or
 * secret applies with the next catalogue revision. Every call keeps to the endpoint policy (GAME_SERVER_HOSTS,
 * public https addresses; this machine only in development).
 */
export function catalogueGameGateway(catalogue: CatalogueCache, policy: GameEndpointPolicy): HttpGameGateway {
  return new HttpGameGateway({ endpointOf: async (gameId) => (await catalogue.get()).games.get(gameId)?.gameServer ?? null, policy });
}

/**
 * The games a store on GAME_GATEWAY=http could not reach: no game server set, or one at an address the
 * endpoint policy refuses (saved before the policy, or written straight into the database).
 */
export function unreachableGames(catalogue: Catalogue, policy: GameEndpointPolicy): string[] {
  return [...catalogue.games.values()].flatMap((game) => {
    if (!game.gameServer) return [`game ${game.gameId} has no game server: set games.game_server_url and game_server_secret (docs/game-integration.md)`];
    const problem = endpointUrlProblem(game.gameServer.url, policy);
    return problem ? [`game ${game.gameId}'s game server is refused: ${problem} (docs/game-integration.md)`] : [];
  });
}
