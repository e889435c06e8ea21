import { callAction } from '@topup/shared/api';
import type { FollowingCharacter } from '@topup/shared/types';

/** The character the linked actions name (docs/api.md, "Linked characters"). */
export interface LinkedCharacterKey {
  readonly game_id: string;
  readonly area: string;
  readonly server_id: string;
  readonly role_id: string;
}

export interface Ownership {
  readonly linked: boolean;
  readonly role_name: string;
  readonly expires_at: string | null;
}

export interface DailyGift {
  readonly offered: boolean;
  readonly claimed: boolean;
  readonly day: string | null;
  readonly next_at: string | null;
  readonly items: ReadonlyArray<{ readonly name: string; readonly quantity: number }>;
}

export interface PointsTier {
  readonly name: string;
  readonly min_points: number;
}

export interface PointsReward {
  readonly reward_id: string;
  readonly name: string;
  readonly points: number;
}

export interface Points {
  readonly balance: number;
  readonly tier: PointsTier | null;
  readonly next_tier: PointsTier | null;
  readonly rewards: readonly PointsReward[];
}

/** One paid order of a linked character (`getLinkedOrders`), its receipt the receipt page's route. */
export interface LinkedOrder {
  readonly order_id: string;
  readonly status: string;
  readonly product_name: string;
  readonly amount: string;
  readonly currency: string;
  readonly created_at: string;
  readonly delivered_at: string | null;
  readonly receipt: string;
}

/** A code or gift mail of a sandbox character, as a demo store shows it to visitors (decision 311). */
export interface SandboxPlayerMail {
  readonly kind: string;
  readonly title: string;
  readonly body: string;
  readonly sent_at: string;
}

export const getOwnership = (key: LinkedCharacterKey, signal?: AbortSignal) => callAction<Ownership>('getOwnership', { ...key }, signal);
export const sendOwnershipCode = (key: LinkedCharacterKey, uid: string) => callAction<{ expires_in: number }>('sendOwnershipCode', { ...key, uid });
export const confirmOwnershipCode = (key: LinkedCharacterKey, code: string) => callAction<Ownership>('confirmOwnershipCode', { ...key, code });
export const endOwnership = (key: LinkedCharacterKey) => callAction<{ ended: boolean }>('endOwnership', { ...key });
export const getDailyGift = (key: LinkedCharacterKey, signal?: AbortSignal) => callAction<DailyGift>('getDailyGift', { ...key }, signal);
export const claimDailyGift = (key: LinkedCharacterKey) => callAction<DailyGift>('claimDailyGift', { ...key });
export const getPoints = (key: LinkedCharacterKey, signal?: AbortSignal) => callAction<Points>('getPoints', { ...key }, signal);
export const redeemPoints = (key: LinkedCharacterKey, rewardId: string, token: string) =>
  callAction<{ balance: number }>('redeemPoints', { ...key, reward_id: rewardId, redeem_token: token });

export const getLinkedCharacters = (signal?: AbortSignal) => callAction<FollowingCharacter[]>('getLinkedCharacters', {}, signal);
export const getLinkedOrders = (key: LinkedCharacterKey, signal?: AbortSignal) => callAction<LinkedOrder[]>('getLinkedOrders', { ...key }, signal);

/**
 * The sandbox game's mailbox of the character, as a demo or development store shows it to anyone (its
 * code and gift mails only); null where it is not served (production, a real game server).
 */
export async function getSandboxPlayerMail(key: LinkedCharacterKey, signal?: AbortSignal): Promise<SandboxPlayerMail[] | null> {
  const query = new URLSearchParams({ game_id: key.game_id, server_id: key.server_id, role_id: key.role_id });
  try {
    const response = await fetch(`/sandbox/player-mailbox?${query}`, { signal, credentials: 'omit', headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const answer = (await response.json()) as { ret?: number; data?: SandboxPlayerMail[] };
    return answer.ret === 0 && Array.isArray(answer.data) ? answer.data : null;
  } catch {
    return null;
  }
}

/** A random token for one press of "Redeem": the same press sent again spends nothing more. */
export function redeemToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
