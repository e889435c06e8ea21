import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { readAudit } from '../../ops/audit';
import { dateOrUndefined, integerOrUndefined, text, type Query } from './route-parts';

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
      return readAudit(db, {
        actor: q.actor?.trim() || undefined,
        action: q.action || undefined,
        targetType: q.target_type || undefined,
        targetId: q.target_id?.trim() || undefined,
        from: dateOrUndefined(q.from),
        to: dateOrUndefined(q.to),
        before: integerOrUndefined(q.before),
        limit: Math.min(Math.max(integerOrUndefined(q.limit) ?? 50, 1), 200),
      });
    },
  );
}
