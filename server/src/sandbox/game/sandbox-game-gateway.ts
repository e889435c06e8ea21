import type { Db } from '../../db/db';
import type { GameGateway, GameRole, InGameMail, RoleQuery, SentMail } from '../../game/game-gateway';
import { depositMail } from './mailbox';
import { findRole, findRolesOfAccount } from './sandbox-roles';

/**
 * The sandbox game: its characters and mailbox live in the store's database (tables
 * sandbox_roles and sandbox_mail). A real game's gateway would call that game's servers.
 * Like a real game API, a lookup on a server that needs a sign is refused without the right one.
 */
export class SandboxGameGateway implements GameGateway {
  constructor(private readonly db: Db) {}

  lookupRole(query: RoleQuery): Promise<GameRole | null> {
    return findRole(this.db, query);
  }

  rolesOfAccount(gameId: number, uid: string): Promise<GameRole[]> {
    return findRolesOfAccount(this.db, gameId, uid);
  }

  sendMail(mail: InGameMail): Promise<SentMail> {
    return depositMail(this.db, mail);
  }
}
