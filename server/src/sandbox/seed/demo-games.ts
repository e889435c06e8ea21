import type { CatalogueFile } from '../../catalogue/catalogue-file';
import { readDemoCatalogue } from './demo-catalogue';

/** A demo server as the sandbox game knows it. */
export interface DemoServerSpec {
  readonly id: string;
  readonly name: string;
}

/** A demo game as the sandbox game knows it: the areas it is sold in, in the store's order, each with its servers. */
export interface DemoGame {
  readonly gameId: number;
  readonly areas: Readonly<Record<string, readonly DemoServerSpec[]>>;
}

const bySort = <T extends { sort: number }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => a.sort - b.sort);

/** The games of a catalogue file, for the sandbox game's characters and purchases. */
export function demoGames(file: CatalogueFile): DemoGame[] {
  return bySort(file.games).map((game) => ({
    gameId: game.game_id,
    areas: Object.fromEntries(
      bySort(file.game_areas.filter((area) => area.game_id === game.game_id)).map((area) => [
        area.area,
        bySort(file.servers.filter((server) => server.game_id === game.game_id && server.area === area.area)).map((server) => ({
          id: server.server_id,
          name: server.server_name,
        })),
      ]),
    ),
  }));
}

/** The demo catalogue's games (demo-catalogue.json). */
export const DEMO_GAMES: readonly DemoGame[] = demoGames(readDemoCatalogue());
