import type { OpsOrderRow } from '@topup/shared/types';
import type { Queryable } from '../db/db';
import { notesOn, type DeskNote } from '../support/desk-notes';
import { ticketsOfPlayer, type TicketRow } from '../support/support-tickets';
import { rewardsOfCharacters, type CharacterRewards } from './character-rewards-desk';

/** What the desk's search box was given, as the server read it. */
export type PlayerKey =
  | { readonly kind: 'email'; readonly value: string }
  | { readonly kind: 'order'; readonly value: string }
  | { readonly kind: 'ticket'; readonly value: string }
  | { readonly kind: 'uid'; readonly value: string }
  | { readonly kind: 'character'; readonly value: string }
  | { readonly kind: 'name'; readonly value: string };

export interface PlayerCharacter {
  readonly game_id: number;
  readonly area: string;
  readonly server_id: string;
  readonly server_name: string;
  readonly role_id: string;
  readonly role_name: string;
  readonly uid: string;
  readonly orders: number;
  readonly last_order_at: string;
}

export interface PlayerRefund {
  readonly order_id: string;
  readonly kind: string;
  readonly amount_minor: number;
  readonly currency: string;
  readonly reason: string;
  readonly refunded_at: string;
}

/** One player as the desk sees them: every account, character, order, ticket, refund and note found. */
export interface PlayerPage {
  readonly key: PlayerKey;
  /** The accounts (uid) and receipt / ticket addresses the page gathers. */
  readonly uids: readonly string[];
  readonly emails: readonly string[];
  readonly characters: readonly PlayerCharacter[];
  readonly orders: readonly (OpsOrderRow & { readonly uid: string; readonly receipt_email: string })[];
  readonly tickets: readonly TicketRow[];
  readonly refunds: readonly PlayerRefund[];
  readonly notes: readonly DeskNote[];
  /** More orders than the page shows: narrow the search (the orders list pages through all). */
  readonly more_orders: boolean;
  /** Each character's links to browsers, points and daily gifts (decisions 304, 305). */
  readonly rewards: readonly CharacterRewards[];
}

/** The most of each list one page shows. */
const ORDERS_SHOWN = 200;
const TICKETS_SHOWN = 100;
/** Accounts or addresses one search may gather: a name shared by many players is narrowed, not merged. */
const KEYS_GATHERED = 20;

const TICKET_REFERENCE = /^T-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/** What a search text is: a ticket reference, an e-mail address, or else an order, account or character as found. */
export async function readPlayerKey(db: Queryable, text: string): Promise<PlayerKey | null> {
  const q = text.trim();
  if (!q) return null;
  if (TICKET_REFERENCE.test(q.toUpperCase())) return { kind: 'ticket', value: q.toUpperCase() };
  if (q.includes('@')) return { kind: 'email', value: q.toLowerCase() };
  const [found] = await db.query<{ kind: PlayerKey['kind'] }>(
    `SELECT 'order' AS kind FROM orders WHERE order_id = $1
     UNION ALL SELECT 'uid' FROM (SELECT 1 FROM orders WHERE uid = $1 LIMIT 1) AS u
     UNION ALL SELECT 'character' FROM (SELECT 1 FROM orders WHERE role_id = $1 LIMIT 1) AS c
     LIMIT 1`,
    [q],
  );
  return { kind: found?.kind ?? 'name', value: q };
}

/**
 * Gathers one player: the accounts (uid) and addresses the key leads to, then every order of those
 * accounts or with those receipt addresses, the tickets about those orders or from those addresses, and
 * the refunds and notes of both. One step only: an address found on an account's order adds that
 * address's orders, but not the other accounts those orders lead to. A name's start gathers up to
 * KEYS_GATHERED characters; the page says which.
 */
export async function readPlayer(db: Queryable, key: PlayerKey): Promise<PlayerPage> {
  const seeds = await db.query<{ uid: string; receipt_email: string; role_id: string }>(
    key.kind === 'email'
      ? `SELECT uid, receipt_email, role_id FROM orders WHERE lower(receipt_email) = $1 ORDER BY created_at DESC LIMIT ${KEYS_GATHERED}`
      : key.kind === 'order'
        ? 'SELECT uid, receipt_email, role_id FROM orders WHERE order_id = $1'
        : key.kind === 'ticket'
          ? `SELECT o.uid, o.receipt_email, o.role_id FROM support_tickets t JOIN orders o ON o.order_id = coalesce(t.linked_order_id, t.order_id) WHERE t.reference = $1`
          : key.kind === 'uid'
            ? `SELECT uid, receipt_email, role_id FROM orders WHERE uid = $1 ORDER BY created_at DESC LIMIT ${KEYS_GATHERED}`
            : key.kind === 'character'
              ? `SELECT uid, receipt_email, role_id FROM orders WHERE role_id = $1 ORDER BY created_at DESC LIMIT ${KEYS_GATHERED}`
              : `SELECT uid, receipt_email, role_id FROM orders WHERE lower(role_name) LIKE $1 ORDER BY created_at DESC LIMIT ${KEYS_GATHERED}`,
    [key.kind === 'name' ? `${key.value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : key.value],
  );
  const uids = unique(seeds.map((seed) => seed.uid).filter(Boolean)).slice(0, KEYS_GATHERED);
  const emails = new Set(seeds.map((seed) => seed.receipt_email.toLowerCase()).filter(Boolean));
  if (key.kind === 'email') emails.add(key.value);
  if (key.kind === 'ticket') {
    const [ticket] = await db.query<{ email: string }>('SELECT email FROM support_tickets WHERE reference = $1', [key.value]);
    if (ticket) emails.add(ticket.email.toLowerCase());
  }
  const addresses = [...emails].slice(0, KEYS_GATHERED);
  // A character's orders count even when they name no account.
  const roles = key.kind === 'character' || key.kind === 'name' ? unique(seeds.map((seed) => seed.role_id)) : [];
  const orders = await db.query<PlayerPage['orders'][number]>(
    `WITH found AS (
       (SELECT order_id AS id FROM orders WHERE uid = ANY($1::text[]) ORDER BY created_at DESC, order_id DESC LIMIT $3)
       UNION
       (SELECT order_id AS id FROM orders WHERE lower(receipt_email) = ANY($2::text[]) ORDER BY created_at DESC, order_id DESC LIMIT $3)
       UNION
       (SELECT order_id AS id FROM orders WHERE role_id = ANY($4::text[]) ORDER BY created_at DESC, order_id DESC LIMIT $3))
     SELECT o.order_id, o.status, o.game_id, o.area, o.server_id, o.server_name, o.role_id, o.role_name, o.product_name, o.pay_type,
            o.amount_minor, o.currency, o.created_at::text, o.disputed_at IS NOT NULL AS disputed, o.uid, o.receipt_email
       FROM orders o JOIN found ON found.id = o.order_id
      ORDER BY o.created_at DESC, o.order_id DESC LIMIT $3`,
    [uids, addresses, ORDERS_SHOWN + 1, roles],
  );
  const shown = orders.slice(0, ORDERS_SHOWN);
  const orderIds = shown.map((order) => order.order_id);
  const [characters, tickets, refunds] = await Promise.all([
    db.query<PlayerCharacter>(
      `SELECT game_id, area, server_id, max(server_name) AS server_name, role_id, max(role_name) AS role_name, uid,
              count(*)::int AS orders, max(created_at)::text AS last_order_at
         FROM orders WHERE order_id = ANY($1::text[])
        GROUP BY game_id, area, server_id, role_id, uid ORDER BY max(created_at) DESC`,
      [orderIds],
    ),
    ticketsOfPlayer(db, orderIds, addresses, TICKETS_SHOWN),
    db.query<PlayerRefund>(
      `SELECT order_id, kind, amount_minor, currency, reason, refunded_at::text FROM refunds WHERE order_id = ANY($1::text[]) ORDER BY refunded_at DESC, id DESC`,
      [orderIds],
    ),
  ]);
  const [orderNotes, ticketNotes, rewards] = await Promise.all([
    notesOn(db, 'order', orderIds),
    notesOn(db, 'ticket', tickets.map((ticket) => ticket.reference)),
    rewardsOfCharacters(db, unique(characters.map((c) => `${c.game_id}|${c.server_id}|${c.role_id}`)).map((key) => {
      const [gameId = '', serverId = '', roleId = ''] = key.split('|');
      return { game_id: Number(gameId), server_id: serverId, role_id: roleId };
    })),
  ]);
  return {
    key,
    uids,
    emails: addresses,
    characters,
    orders: shown,
    tickets,
    refunds,
    notes: [...orderNotes, ...ticketNotes].sort((a, b) => a.id - b.id),
    more_orders: orders.length > ORDERS_SHOWN,
    rewards,
  };
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
