import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addStrings, type Strings } from '@topup/shared/store';
import { usesCharacterName } from '@topup/shared/rules';
import type { FollowingCharacter, RoleInfo, Server } from '@topup/shared/types';
import { CloseIcon } from '@topup/shared/ui';
import { RECENT_CHARACTERS_KEY } from './recent-characters-key';

/**
 * Recent characters: the last characters confirmed on this device, per game and per area the
 * character was looked up in, so that a returning player taps one instead of typing an ID again
 * (and cannot mistype it). Loaded on demand: the pages' first load carries only the check whether
 * anything is remembered (`hasRecentCharacters`).
 */
export interface RecentCharacter {
  readonly gameId: string;
  /** The area the character was looked up in (game 18's region, else the page's area). */
  readonly area: string;
  /** The region or sub-region chosen, '' for none. */
  readonly region: string;
  readonly serverId: string;
  readonly serverName: string;
  readonly roleId: string;
  readonly roleName: string;
  /** When it was last confirmed (ms since 1970). */
  readonly usedAt: number;
  /** Offered because it follows the player's links (decision 311), not confirmed on this device. */
  readonly followed?: true;
}

/** Shown per game and area. */
export const RECENT_PER_GAME = 5;
/** Kept on the device in all. */
const RECENT_KEPT = 30;

const NAMESPACE = 'recentCharacters';
const STRINGS: Strings = {
  en: {
    title: 'Recent characters',
    hint: 'Tap one to look it up again.',
    remove: 'Remove {{name}} from recent characters',
    closed: 'Server closed',
    followed: 'Linked to you',
  },
  ko: {
    title: '최근 캐릭터',
    hint: '선택하면 다시 조회합니다.',
    remove: '최근 캐릭터에서 {{name}} 삭제',
    closed: '운영이 종료된 서버',
    followed: '연결된 캐릭터',
  },
  zh: {
    title: '最近使用的角色',
    hint: '点击即可重新查询。',
    remove: '从最近使用中移除{{name}}',
    closed: '服务器已关闭',
    followed: '已关联',
  },
};
addStrings(NAMESPACE, STRINGS);

const isRecent = (value: unknown): value is RecentCharacter => {
  const entry = value as Partial<RecentCharacter> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    ['gameId', 'area', 'region', 'serverId', 'serverName', 'roleId', 'roleName'].every((field) => typeof (entry as Record<string, unknown>)[field] === 'string') &&
    typeof entry.usedAt === 'number'
  );
};

/** Everything remembered, newest first; storage that is off or holds something unreadable reads as empty. */
export function readRecentCharacters(): RecentCharacter[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(RECENT_CHARACTERS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecent) : [];
  } catch {
    return [];
  }
}

function write(list: readonly RecentCharacter[]): void {
  try {
    if (list.length) window.localStorage.setItem(RECENT_CHARACTERS_KEY, JSON.stringify(list.slice(0, RECENT_KEPT)));
    else window.localStorage.removeItem(RECENT_CHARACTERS_KEY);
  } catch {
    /* not kept: the player types the ID next time */
  }
}

const same = (a: Pick<RecentCharacter, 'gameId' | 'serverId' | 'roleId'>, b: Pick<RecentCharacter, 'gameId' | 'serverId' | 'roleId'>) =>
  a.gameId === b.gameId && a.serverId === b.serverId && a.roleId === b.roleId;

/** The characters to offer on a game's page for the area and region chosen, newest first. */
export function recentCharactersOf(gameId: string, area: string, region: string): RecentCharacter[] {
  return readRecentCharacters()
    .filter((entry) => entry.gameId === gameId && entry.area === area && entry.region === region)
    .slice(0, RECENT_PER_GAME);
}

/** A character was confirmed: it goes first in the list (once). */
export function rememberRecentCharacter(gameId: string, role: RoleInfo, area: string, region: string, now = Date.now()): void {
  const entry: RecentCharacter = {
    gameId,
    area,
    region,
    serverId: role.server_id,
    serverName: role.server_name,
    roleId: role.role_id,
    roleName: role.role_name,
    usedAt: now,
  };
  write([entry, ...readRecentCharacters().filter((other) => !same(other, entry))]);
}

/**
 * The phone store's character confirmed: it goes first in the recent list, and the back office's
 * funnel hears of it (report type 4 through /api/report, the session the browser's report cookie).
 * Here, loaded after the confirmation, so that the first load of the page carries none of it (decision 278).
 */
export function characterConfirmed(gameId: string, role: RoleInfo, area: string, region: string, from: string): void {
  rememberRecentCharacter(gameId, role, area, region);
  // The report client is the page's own, asked for here: the list's loader (in the first load) waits for nothing more.
  void import('@topup/shared/api').then(({ sendReport }) => sendReport({ game_id: gameId, area, product_id: '', product_type: '', report_type: 4, from }));
}

/**
 * The characters that follow the player to this browser (decision 311), asked when the list loads: a
 * browser without a live link gets none (the store answers at once, reading nothing).
 */
export async function followingCharacters(signal?: AbortSignal): Promise<FollowingCharacter[]> {
  const { callAction } = await import('@topup/shared/api');
  return callAction<FollowingCharacter[]>('getLinkedCharacters', {}, signal);
}

export function forgetRecentCharacter(entry: RecentCharacter): void {
  write(readRecentCharacters().filter((other) => !same(other, entry)));
}

/** The character form a recent character is put into: the purchase core's server choice and lookup. */
export interface RecentCharacterTarget {
  /** The area characters are looked up in now, and the region chosen: only those of them are offered. */
  readonly roleArea: string;
  readonly region: string;
  readonly servers: readonly Server[] | null;
  readonly server: Server | null;
  readonly selectServer: (server: Server) => void;
  readonly typed: string;
  readonly setTyped: (text: string) => void;
  readonly search: () => Promise<void>;
  readonly searching: boolean;
}

interface Props {
  readonly gameId: string;
  readonly target: RecentCharacterTarget;
  /** The storefront's class prefix: each keeps its CSS. */
  readonly prefix: string;
}

/**
 * The list of recent characters, each a button that puts the server and the ID (or name, game 284)
 * into the form and searches at once — the player confirms a fresh lookup, never the stored facts —
 * and one to remove it. Nothing when none is remembered for this game, area and region.
 */
export function RecentCharacters({ gameId, target, prefix }: Props) {
  const [wanted, setWanted] = useState<RecentCharacter | null>(null);
  const text = (entry: RecentCharacter) => (usesCharacterName(gameId) ? entry.roleName : entry.roleId);
  const { server, typed, search } = target;
  // Search once the form shows the chosen server and character.
  useEffect(() => {
    if (!wanted || server?.server_id !== wanted.serverId || typed !== text(wanted)) return;
    setWanted(null);
    void search();
    // `text` reads only the game id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, server, typed, search]);
  const use = (entry: RecentCharacter) => {
    const listed = target.servers?.find((one) => one.server_id === entry.serverId);
    target.selectServer(listed ?? { server_id: entry.serverId, server_name: entry.serverName, server_sign: '' });
    target.setTyped(text(entry));
    setWanted(entry);
  };
  // A server the store no longer lists is closed: its characters are shown as such, not offered.
  const isClosed = (entry: RecentCharacter) => target.servers !== null && !target.servers.some((one) => one.server_id === entry.serverId);
  return (
    <RecentList gameId={gameId} area={target.roleArea} region={target.region} servers={target.servers} prefix={prefix} busy={target.searching} onUse={use} isClosed={isClosed} />
  );
}

interface ListProps {
  readonly gameId: string;
  readonly area: string;
  readonly region: string;
  /** The servers listed for the area and region: a following character is offered only on one of them. */
  readonly servers: readonly Server[] | null;
  readonly prefix: string;
  /** A lookup is under way: the list waits. */
  readonly busy: boolean;
  readonly onUse: (entry: RecentCharacter) => void;
  /** The entry's server is closed: shown, marked, not offered. */
  readonly isClosed: (entry: RecentCharacter) => boolean;
}

function useFollowing(): readonly FollowingCharacter[] {
  const [following, setFollowing] = useState<readonly FollowingCharacter[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    // Not offered when they cannot be asked for: the device's own list stays.
    followingCharacters(controller.signal).then(setFollowing, () => undefined);
    return () => controller.abort();
  }, []);
  return following;
}

function RecentList({ gameId, area, region, servers, prefix, busy, onUse, isClosed }: ListProps) {
  const { t } = useTranslation(NAMESPACE);
  const titleId = useId();
  // Read when the page's game, area or region changes; removals hide entries at once.
  const remembered = useMemo(() => recentCharactersOf(gameId, area, region), [gameId, area, region]);
  const following = useFollowing();
  // The characters that follow the player, after the device's own, on a server listed here.
  const followed = following.flatMap((one): RecentCharacter[] => {
    const server = servers?.find((listed) => listed.server_id === one.server_id);
    if (one.game_id !== gameId || one.area !== area || !server) return [];
    const entry: RecentCharacter = { gameId, area, region, serverId: one.server_id, serverName: server.server_name, roleId: one.role_id, roleName: one.role_name, usedAt: 0, followed: true };
    return remembered.some((own) => same(own, entry)) ? [] : [entry];
  });
  const [removed, setRemoved] = useState<readonly RecentCharacter[]>([]);
  const shown = [...remembered.filter((entry) => !removed.some((gone) => same(gone, entry))), ...followed.slice(0, RECENT_PER_GAME)];
  const section = useRef<HTMLElement>(null);
  // The removed entry's button is gone: keyboard focus moves to the list's first entry.
  useEffect(() => {
    if (removed.length) section.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [removed]);
  if (shown.length === 0) return null;
  const remove = (entry: RecentCharacter) => {
    forgetRecentCharacter(entry);
    setRemoved((gone) => [...gone, entry]);
  };
  return (
    <section ref={section} className={`${prefix}-recent`} aria-labelledby={titleId} data-testid="recent-characters">
      <h3 className={`${prefix}-recent__title`} id={titleId}>
        {t('title')}
      </h3>
      <p className={`${prefix}-recent__hint`}>{t('hint')}</p>
      <ul className={`${prefix}-recent__list`}>
        {shown.map((entry) => (
          <li key={`${entry.serverId}|${entry.roleId}`} className={`${prefix}-recent__item`} data-followed={entry.followed ? 'true' : undefined}>
            {isClosed(entry) ? (
              <p className={`${prefix}-recent__use ${prefix}-recent__use--closed`} data-role-id={entry.roleId} data-closed="true">
                <span className={`${prefix}-recent__name`}>{entry.roleName}</span>
                <span className={`${prefix}-recent__meta`}>
                  {entry.serverName} · {entry.roleId} · <strong>{t('closed')}</strong>
                </span>
              </p>
            ) : (
              <button
                type="button"
                className={`${prefix}-recent__use`}
                disabled={busy}
                onClick={() => onUse(entry)}
                data-role-id={entry.roleId}
              >
                <span className={`${prefix}-recent__name`}>{entry.roleName}</span>
                <span className={`${prefix}-recent__meta`}>
                  {entry.serverName} · {entry.roleId}
                  {entry.followed ? <> · {t('followed')}</> : null}
                </span>
              </button>
            )}
            {/* A character that follows the player stops with its link (End link), not on one device. */}
            {entry.followed ? null : (
              <button type="button" className={`${prefix}-recent__remove`} aria-label={t('remove', { name: entry.roleName })} onClick={() => remove(entry)}>
                <CloseIcon />
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
