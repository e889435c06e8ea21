import { demoBundles } from './demo-bundles';
import type { DemoGame } from './demo-games';
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
export function demoPurchases(game: DemoGame): DemoPurchase[] {
  const account = ACCOUNTS_PER_GAME;
  return Object.entries(game.areas).flatMap(([area, servers]) => {
    const server = servers[0];
    if (!server) return [];
    const bundles = demoBundles(game, area);
    const bought = bundles.filter(
      (bundle) => bundle.productId.endsWith('-currency-60') || bundle.productId.endsWith('-weekly-supply'),
    );
    return bought.map((bundle) => ({
      orderId: `demo-${bundle.productId}-${account}`,
      gameId: game.gameId,
      area,
      serverId: server.id,
      roleId: demoRoleId(server.id, account),
      uid: demoUid(game.gameId, account),
      productId: bundle.productId,
      productName: bundle.productName,
      mailTitle: area === 'kr' ? `구매하신 ${bundle.productName}` : `Your ${bundle.productName}`,
    }));
  });
}
