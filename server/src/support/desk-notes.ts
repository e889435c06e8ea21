import type { OpsDeskNote } from '@topup/shared/types';
import type { Queryable } from '../db/db';

/** What a note is about: an order (its id) or a ticket (its reference). */
export type NoteTarget = 'order' | 'ticket';

/** The support desk's internal note: never shown to the player, never e-mailed, kept as written. */
export type DeskNote = OpsDeskNote;

/** The longest note the desk keeps (the table's check says the same). */
export const NOTE_MAX_LENGTH = 4000;

const COLUMNS = 'id::int, target_type, target_id, body, author, created_at::text';

/** Adds a note in the caller's transaction (beside its audit row) and returns it. */
export async function addNote(
  tx: Queryable,
  author: { readonly name: string; readonly operatorId: number | null },
  note: { readonly targetType: NoteTarget; readonly targetId: string; readonly body: string },
): Promise<DeskNote> {
  const rows = await tx.query<DeskNote>(
    `INSERT INTO desk_notes (target_type, target_id, body, author, operator_id) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [note.targetType, note.targetId, note.body.trim(), author.name, author.operatorId],
  );
  return rows[0]!;
}

/** The notes on these orders or tickets, oldest first. */
export function notesOn(db: Queryable, targetType: NoteTarget, targetIds: readonly string[]): Promise<DeskNote[]> {
  if (targetIds.length === 0) return Promise.resolve([]);
  return db.query<DeskNote>(`SELECT ${COLUMNS} FROM desk_notes WHERE target_type = $1 AND target_id = ANY($2::text[]) ORDER BY id`, [
    targetType,
    [...targetIds],
  ]);
}
