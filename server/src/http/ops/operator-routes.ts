import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { OperationRefused } from '../../domain-errors';
import { addOperator, changeOperator, clearOperatorSecondFactor, resetOperatorPassword } from '../../ops/operator-admin';
import { listOperators } from '../../ops/operators';
import { OPERATOR_ROLES, type OperatorRole } from '../../ops/roles';
import { actorOf, reason, text } from './route-parts';

/** `/ops/api/operators*`: the operators' accounts, for admins. */
export async function operatorRoutes(app: FastifyInstance, { db }: { readonly db: Db }): Promise<void> {
  app.get('/operators', { config: { permission: 'operators.manage' } }, async () => ({ operators: await listOperators(db), roles: OPERATOR_ROLES }));

  app.post<{ Body: { email: string; role: OperatorRole; password: string; reason?: string } }>(
    '/operators',
    {
      config: { permission: 'operators.manage' },
      schema: {
        body: {
          type: 'object',
          required: ['email', 'role', 'password'],
          properties: { email: text(200), role: { type: 'string', enum: [...OPERATOR_ROLES] }, password: text(200), reason: text(500) },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const operator = await addOperator(db, actorOf(request), request.body);
      return reply.code(201).send({ operator });
    },
  );

  app.patch<{ Params: { id: string }; Body: { role?: OperatorRole; disabled?: boolean; reason: string } }>(
    '/operators/:id',
    {
      config: { permission: 'operators.manage' },
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } } },
        body: {
          type: 'object',
          required: ['reason'],
          properties: { role: { type: 'string', enum: [...OPERATOR_ROLES] }, disabled: { type: 'boolean' }, reason },
          additionalProperties: false,
        },
      },
    },
    async (request) => ({ operator: await changeOperator(db, actorOf(request), Number(request.params.id), request.body) }),
  );

  app.post<{ Params: { id: string }; Body: { password: string; reason: string } }>(
    '/operators/:id/password',
    {
      config: { permission: 'operators.manage' },
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } } },
        body: { type: 'object', required: ['password', 'reason'], properties: { password: text(200), reason }, additionalProperties: false },
      },
    },
    async (request) => ({ operator: await resetOperatorPassword(db, actorOf(request), Number(request.params.id), request.body.password, request.body.reason) }),
  );

  // A lost phone: an admin clears another operator's second factor, with a reason and `confirm: true`.
  app.post<{ Params: { id: string }; Body: { reason: string; confirm?: boolean } }>(
    '/operators/:id/two-factor/clear',
    {
      config: { permission: 'operators.manage' },
      schema: {
        params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } } },
        body: { type: 'object', required: ['reason'], properties: { reason, confirm: { type: 'boolean' } }, additionalProperties: false },
      },
    },
    async (request) => {
      if (request.body.confirm !== true) throw new OperationRefused('conflict', 'Confirm that the operator sets up a new second factor (confirm: true)', 'confirmRequired');
      return { operator: await clearOperatorSecondFactor(db, actorOf(request), Number(request.params.id), request.body.reason) };
    },
  );
}
