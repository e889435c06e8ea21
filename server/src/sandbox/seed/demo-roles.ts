import type { DemoGame } from './demo-games';

export interface DemoRole {
  readonly gameId: number;
  readonly area: string;
  readonly serverId: string;
  readonly roleId: string;
  readonly roleName: string;
  readonly uid: string;
  readonly lastLoginAt: Date;
}

/** Each demo game has three player accounts; each account has one character on every server. */
export const ACCOUNTS_PER_GAME = 3;

const NAMES_EN = [
  'Aria Stormblade',
  'Borin Ironfist',
  'Cyra Moonshadow',
  'Dax Emberheart',
  'Elowen Swift',
  'Fenn Oakenshield',
  'Gwyn Starling',
  'Hale Frostmere',
  'Isolde Vane',
  'Jory Ashdown',
  'Kestrel Dawn',
  'Lio Brightwater',
];
const NAMES_KO = ['하늘검', '별빛마루', '바람노래', '은빛여우', '푸른늑대', '달그림자'];

// Fixed, so that the documentation can quote "last login" answers.
const LAST_LOGIN_BASE = Date.UTC(2026, 0, 1);

/** An account's uid: game id, then 0000, then the account number (game 18, account 1: "1800001"). */
export function demoUid(gameId: number, account: number): string {
  return `${gameId}0000${account}`;
}

/** A character's role id: server id, then the account number on three digits ("1801" → "1801001"). */
export function demoRoleId(serverId: string, account: number): string {
  return `${serverId}${String(account).padStart(3, '0')}`;
}

/** Every demo character of a game, server by server. */
export function demoRoles(game: DemoGame): DemoRole[] {
  const roles: DemoRole[] = [];
  const servers = Object.entries(game.areas).flatMap(([area, list]) => list.map((server) => ({ area, server })));
  servers.forEach(({ area, server }, serverIndex) => {
    const names = area === 'kr' ? NAMES_KO : NAMES_EN;
    for (let account = 1; account <= ACCOUNTS_PER_GAME; account += 1) {
      // Each account last played on a different server, so "last login" answers differ by account.
      const hoursAgo = ((serverIndex + account * 2) % servers.length) * 5 + account;
      roles.push({
        gameId: game.gameId,
        area,
        serverId: server.id,
        roleId: demoRoleId(server.id, account),
        roleName: names[(serverIndex * ACCOUNTS_PER_GAME + account - 1) % names.length] as string,
        uid: demoUid(game.gameId, account),
        lastLoginAt: new Date(LAST_LOGIN_BASE - hoursAgo * 3_600_000),
      });
    }
  });
  return roles;
}
