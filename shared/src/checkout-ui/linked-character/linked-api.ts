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

export interface Points {
  readonly balance: number;
  readonly tier: PointsTier | null;
  readonly next_tier: PointsTier | null;
}

export const getOwnership = (key: LinkedCharacterKey, signal?: AbortSignal) => callAction<Ownership>('getOwnership', { ...key }, signal);
export const sendOwnershipCode = (key: LinkedCharacterKey, uid: string) => callAction<{ expires_in: number }>('sendOwnershipCode', { ...key, uid });
export const confirmOwnershipCode = (key: LinkedCharacterKey, code: string) => callAction<Ownership>('confirmOwnershipCode', { ...key, code });
export const endOwnership = (key: LinkedCharacterKey) => callAction<{ ended: boolean }>('endOwnership', { ...key });
export const getDailyGift = (key: LinkedCharacterKey, signal?: AbortSignal) => callAction<DailyGift>('getDailyGift', { ...key }, signal);
export const claimDailyGift = (key: LinkedCharacterKey) => callAction<DailyGift>('claimDailyGift', { ...key });
export const getPoints = (key: LinkedCharacterKey, signal?: AbortSignal) => callAction<Points>('getPoints', { ...key }, signal);
