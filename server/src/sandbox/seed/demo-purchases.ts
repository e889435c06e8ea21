import type { CatalogueFile } from '../../catalogue/catalogue-file';
import { demoGames } from './demo-games';
import { ACCOUNTS_PER_GAME, demoRoleId, demoUid } from './demo-roles';

export interface DemoPurchase {
  readonly orderId: string;
  readonly gameId: number;
  readonly area: string;
  readonly serverId: string;
  readonly roleId: string;
  readonly uid: string;
  readonly productId: string;
  readonly productName: string;
  readonly mailTitle: string;
}

/**
 * The returning player: the last demo account's character on the first server of each area
 * has bought the smallest currency bundle once (its first-buy offer is used up) and the
 * weekly supply once (limit progress "1/3").
 */
export function demoPurchases(file: CatalogueFile): DemoPurchase[] {
  const account = ACCOUNTS_PER_GAME;
  return demoGames(file).flatMap((game) =>
    Object.entries(game.areas).flatMap(([area, servers]) => {
      const server = servers[0];
      if (!server) return [];
      const bought = file.bundles.filter(
        (bundle) =>
          bundle.game_id === game.gameId && bundle.area === area && (bundle.product_id.endsWith('-currency-60') || bundle.product_id.endsWith('-weekly-supply')),
      );
      return bought.map((bundle) => ({
        orderId: `demo-${bundle.product_id}-${account}`,
        gameId: game.gameId,
        area,
        serverId: server.id,
        roleId: demoRoleId(server.id, account),
        uid: demoUid(game.gameId, account),
        productId: bundle.product_id,
        productName: bundle.product_name,
        mailTitle: area === 'kr' ? `구매하신 ${bundle.product_name}` : `Your ${bundle.product_name}`,
      }));
    }),
  );
}
