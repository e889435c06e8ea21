import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OpsError } from './ops-error';
import type { RegistryOperations } from './registry-service';

export interface OpsRoutesOptions {
  readonly token: string;
  readonly registry: RegistryOperations;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const text = { type: 'string', maxLength: 200 } as const;
const actorAndReason = { actor: text, reason: { type: 'string', maxLength: 500 } } as const;

interface OpsBody {
  app?: string;
  version?: string;
  reason?: string;
  actor?: string;
  force?: boolean;
  activate?: boolean;
}

/** `/ops/*`: the registry's operations over HTTP, behind a bearer token. */
export async function opsRoutes(app: FastifyInstance, options: OpsRoutesOptions): Promise<void> {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, options.token)) {
      request.log.warn({ ip: request.ip, url: request.url }, 'ops request refused: wrong or missing bearer token');
      console.warn(`[ops] refused ${request.method} ${request.url} from ${request.ip}: wrong or missing bearer token`);
      return reply.code(401).send({ error: 'A valid ops bearer token is required' });
    }
  });

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    if (error instanceof OpsError) return reply.code(error.status).send({ error: error.message });
    if (error.validation) return reply.code(400).send({ error: error.message });
    request.log.error({ err: error }, 'ops request failed');
    return reply.code(500).send({ error: 'The ops request failed; see the server log' });
  });

  const actorOf = (body: OpsBody) => `${body.actor || 'ops'} (ops token)`;

  app.get('/remotes', async () => options.registry.list());

  app.post<{ Body: OpsBody }>(
    '/releases',
    {
      schema: {
        body: {
          type: 'object',
          required: ['app', 'version'],
          properties: { app: text, version: text, force: { type: 'boolean' }, activate: { type: 'boolean' }, ...actorAndReason },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const body = request.body;
      return options.registry.release({
        app: body.app ?? '',
        version: body.version ?? '',
        actor: actorOf(body),
        reason: body.reason,
        force: body.force,
        activate: body.activate,
      });
    },
  );

  app.post<{ Body: OpsBody }>(
    '/activate',
    {
      schema: {
        body: {
          type: 'object',
          required: ['app', 'version'],
          properties: { app: text, version: text, force: { type: 'boolean' }, ...actorAndReason },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const body = request.body;
      return options.registry.activate(body.app ?? '', body.version ?? '', actorOf(body), body.reason, body.force);
    },
  );

  app.post<{ Body: OpsBody }>(
    '/rollback',
    {
      schema: {
        body: { type: 'object', required: ['app'], properties: { app: text, ...actorAndReason }, additionalProperties: false },
      },
    },
    async (request) => options.registry.rollback(request.body.app ?? '', actorOf(request.body), request.body.reason),
  );
}
