import type { FastifyInstance } from 'fastify';
import { opsTokenErrorAnswer } from '../ops/ops-answers';
import { requireOperatorToken } from '../web/operator-auth';
import { RELEASE_UPLOAD_BYTES, uploadedFilesSchema, type UploadedFile } from '../../releases/uploaded-files';
import type { ReleaseCaller, ReleaseOperations } from './release-operations';

export interface OpsRoutesOptions {
  readonly token: string;
  readonly releases: ReleaseOperations;
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
  files?: UploadedFile[];
  share?: number;
  /** The confirmation that a rolled-back version goes live again (with a reason). */
  reactivate?: boolean;
}

/**
 * `/ops/*`: the release operations for scripts and CI, behind the ops bearer token (the back office
 * serves the same operations to signed-in operators, http/ops/release-routes.ts).
 */
export async function opsRoutes(app: FastifyInstance, options: OpsRoutesOptions): Promise<void> {
  await requireOperatorToken(app, { scope: 'ops', token: options.token });

  app.setErrorHandler(opsTokenErrorAnswer);

  // Automation acts as a named service actor in the audit log.
  const callerOf = (body: OpsBody, address: string): ReleaseCaller => ({
    name: `${body.actor || 'ops'} (ops token)`,
    actor: { name: `service:${body.actor || 'ops'}`, operatorId: null, address },
  });
  const { releases } = options;

  app.get('/remotes', async () => releases.list());

  app.post<{ Body: OpsBody }>(
    '/releases',
    {
      // The build comes with its release, every file in base64.
      bodyLimit: RELEASE_UPLOAD_BYTES,
      schema: {
        body: {
          type: 'object',
          required: ['app', 'version', 'files'],
          properties: { app: text, version: text, files: uploadedFilesSchema, force: { type: 'boolean' }, activate: { type: 'boolean' }, ...actorAndReason },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const body = request.body;
      return releases.release(callerOf(body, request.ip), { app: body.app ?? '', version: body.version ?? '', files: body.files ?? [], reason: body.reason, force: body.force, activate: body.activate });
    },
  );

  app.post<{ Body: OpsBody }>(
    '/activate',
    {
      schema: {
        body: {
          type: 'object',
          required: ['app', 'version'],
          properties: { app: text, version: text, force: { type: 'boolean' }, reactivate: { type: 'boolean' }, ...actorAndReason },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const body = request.body;
      return releases.activate(callerOf(body, request.ip), { app: body.app ?? '', version: body.version ?? '', reason: body.reason, force: body.force, reactivate: body.reactivate });
    },
  );

  app.post<{ Body: OpsBody }>(
    '/rollback',
    {
      schema: {
        body: { type: 'object', required: ['app'], properties: { app: text, ...actorAndReason }, additionalProperties: false },
      },
    },
    async (request) => releases.rollback(callerOf(request.body, request.ip), { app: request.body.app ?? '', reason: request.body.reason }),
  );

  app.post<{ Body: OpsBody }>(
    '/promote',
    {
      schema: {
        body: {
          type: 'object',
          required: ['app', 'version', 'share'],
          properties: { app: text, version: text, share: { type: 'integer', minimum: 1, maximum: 100 }, force: { type: 'boolean' }, reactivate: { type: 'boolean' }, ...actorAndReason },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const body = request.body;
      return releases.promote(callerOf(body, request.ip), { app: body.app ?? '', version: body.version ?? '', share: body.share ?? 0, reason: body.reason, force: body.force, reactivate: body.reactivate });
    },
  );
}
