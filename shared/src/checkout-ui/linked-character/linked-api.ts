import { callAction } from '@topup/shared/api';

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

export const getOwnership = (key: LinkedCharacterKey, signal?: AbortSignal) => callAction<Ownership>('getOwnership', { ...key }, signal);
export const sendOwnershipCode = (key: LinkedCharacterKey, uid: string) => callAction<{ expires_in: number }>('sendOwnershipCode', { ...key, uid });
export const confirmOwnershipCode = (key: LinkedCharacterKey, code: string) => callAction<Ownership>('confirmOwnershipCode', { ...key, code });
export const endOwnership = (key: LinkedCharacterKey) => callAction<{ ended: boolean }>('endOwnership', { ...key });
export const getDailyGift = (key: LinkedCharacterKey, signal?: AbortSignal) => callAction<DailyGift>('getDailyGift', { ...key }, signal);
export const claimDailyGift = (key: LinkedCharacterKey) => callAction<DailyGift>('claimDailyGift', { ...key });
export const getPoints = (key: LinkedCharacterKey, signal?: AbortSignal) => callAction<Points>('getPoints', { ...key }, signal);
export const redeemPoints = (key: LinkedCharacterKey, rewardId: string, token: string) =>
  callAction<{ balance: number }>('redeemPoints', { ...key, reward_id: rewardId, redeem_token: token });

/** A random token for one press of "Redeem": the same press sent again spends nothing more. */
export function redeemToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
