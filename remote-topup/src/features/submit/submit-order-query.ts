import { readLinkedCharacter } from '@topup/shared/checkout';
import type { RoleInfo } from '@topup/shared/types';

/** What /submit needs from the query the main page passes (spec §2). */
export interface SubmitOrderQuery {
  readonly gameId: string;
  readonly area: string;
  readonly productId: string;
  readonly productName: string;
  readonly productFileUrl: string;
  /** Shown only: the server prices the order itself. */
  readonly amount: string;
  readonly firstBuy: boolean;
  /** The subtitle of the product card (first-purchase text while the offer applies). */
  readonly subtitle: string;
  readonly limitProgress: string;
  readonly pmxShow: boolean;
  readonly role: RoleInfo;
  readonly serverSign: string;
}

/** The order the player is about to place, or null when the link lacks the bundle or the character. */
export function readSubmitOrderQuery(params: URLSearchParams): SubmitOrderQuery | null {
  const get = (key: string) => (params.get(key) ?? '').trim();
  const linked = readLinkedCharacter(params);
  const gameId = get('game_id');
  const productId = get('product_id');
  if (!linked || !gameId || !productId) return null;
  const firstBuy = get('first_buy') === '1';
  return {
    gameId,
    area: get('area').toLowerCase(),
    productId,
    productName: get('product_name') || productId,
    productFileUrl: get('product_file_url'),
    amount: get('amount'),
    firstBuy,
    subtitle: firstBuy && get('first_pay_content') ? get('first_pay_content') : get('pay_content'),
    limitProgress: get('role_buy_limit_progress'),
    pmxShow: get('pmx_show') !== '0',
    role: linked.role,
    serverSign: linked.serverSign,
  };
}
