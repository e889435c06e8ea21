import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { readAudit } from '../../ops/audit';
import { may } from '../../ops/roles';
import { dateOrUndefined, integerOrUndefined, text, type Query } from './route-parts';

/**
 * Audit rows as the caller may see them: operators' network addresses are for admins (and automation)
 * only; every other role gets them blanked by the server, not just hidden by the page.
 */
export function auditRowsFor<Row extends { address: string }>(request: FastifyRequest, rows: readonly Row[]): Row[] {
  const role = request.opsIdentity?.role;
  if (role === 'service' || (role && may(role, 'operators.manage'))) return [...rows];
  return rows.map((row) => ({ ...row, address: '' }));
}

/** `/ops/api/audit`: the audit log, read-only, filterable. */
export async function auditRoutes(app: FastifyInstance, { db }: { readonly db: Db }): Promise<void> {
  app.get<{ Querystring: Query }>(
    '/audit',
    {
      config: { permission: 'read' },
      schema: {
        querystring: {
          type: 'object',
          properties: { actor: text(200), action: text(60), target_type: text(40), target_id: text(100), from: text(40), to: text(40), before: text(20), limit: text(4) },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const found = await readAudit(db, {
        actor: q.actor?.trim() || undefined,
        action: q.action || undefined,
        targetType: q.target_type || undefined,
        targetId: q.target_id?.trim() || undefined,
        from: dateOrUndefined(q.from),
        to: dateOrUndefined(q.to),
        before: integerOrUndefined(q.before),
        limit: Math.min(Math.max(integerOrUndefined(q.limit) ?? 50, 1), 200),
      });
      return { ...found, rows: auditRowsFor(request, found.rows) };
    },
  );
}
