import { type RoleInfo } from '@topup/shared/types';
import { cacheBelongsTo } from '@topup/shared/rules';
import { localStore } from '@topup/shared/store';
import { readSession, writeSession } from '../../lib/tab-session';
import type { EntryQuery } from './entry-query';

/** What an earlier visit remembered about the player's character (spec §3 local storage keys). */
export interface CachedCharacter {
  readonly role: RoleInfo | null;
  readonly roleId: string;
  readonly serverName: string;
  /** The region or sub-region the player chose (`area_name`). */
  readonly region: string;
}

const CHARACTER_KEYS = ['role_id', 'server_name', 'area_name', 'roleInfo'] as const;

function parseRole(text: string | null): RoleInfo | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<RoleInfo>;
    if (typeof value.role_id !== 'string' || typeof value.server_id !== 'string') return null;
    return {
      server_name: String(value.server_name ?? ''),
      role_id: value.role_id,
      role_name: String(value.role_name ?? ''),
      uid: String(value.uid ?? ''),
      server_id: value.server_id,
    };
  } catch {
    return null;
  }
}

/**
 * Spec §4 "Cache": reuses the remembered character only when this page's game and area match
 * the stored ones (a stored eu matches us); otherwise forgets it. Records this visit's game,
 * area and `from` either way.
 */
export function takeCachedCharacter(entry: EntryQuery): CachedCharacter | null {
  const stored = { gameId: localStore.get('game_id'), area: localStore.get('area') };
  const matches = cacheBelongsTo({ gameId: entry.gameId, area: entry.area }, stored);
  localStore.set('game_id', entry.gameId);
  if (entry.from) localStore.set('from', entry.from);
  if (!matches) {
    for (const key of CHARACTER_KEYS) localStore.remove(key);
    localStore.set('area', entry.area);
    return null;
  }
  return {
    role: parseRole(localStore.get('roleInfo')),
    roleId: localStore.get('role_id') ?? '',
    serverName: localStore.get('server_name') ?? '',
    region: localStore.get('area_name') ?? '',
  };
}

/** This tab's session: the character the player confirmed (`game|server|role`), kept over Back and reload. */
const CONFIRMED_KEY = 'topup:confirmed';
const confirmedKey = (role: RoleInfo) => `${localStore.get('game_id')}|${role.server_id}|${role.role_id}`;

/** True when the remembered character was confirmed earlier in this tab: the page shows it confirmed again. */
export function confirmedThisSession(role: RoleInfo | null | undefined): boolean {
  return role ? readSession(CONFIRMED_KEY) === confirmedKey(role) : false;
}

/** Remembers a confirmed character, with the area its server is in and the chosen region. */
export function rememberCharacter(role: RoleInfo, characterArea: string, region: string): void {
  writeSession(CONFIRMED_KEY, confirmedKey(role));
  localStore.set('role_id', role.role_id);
  localStore.set('server_name', role.server_name);
  localStore.set('roleInfo', JSON.stringify(role));
  localStore.set('area', characterArea);
  if (region) localStore.set('area_name', region);
  else localStore.remove('area_name');
}

/** Forgets the character after the player chose to re-enter it. */
export function forgetCharacter(): void {
  writeSession(CONFIRMED_KEY, null);
  for (const key of CHARACTER_KEYS) localStore.remove(key);
}
