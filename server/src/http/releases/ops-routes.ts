import type { FastifyInstance } from 'fastify';
import { opsTokenErrorAnswer } from '../ops/ops-answers';
import { requireOperatorToken } from '../web/operator-auth';
import type { RegistryOperations } from '../../releases/registry-service';
import { auditRegistry, auditRelease, type Actor } from '../../ops/audit';
import { buildFileOf, RELEASE_UPLOAD_BYTES, uploadedFilesSchema, type UploadedFile } from '../../releases/uploaded-files';

export interface OpsRoutesOptions {
  readonly token: string;
  readonly registry: RegistryOperations;
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
}

/** `/ops/*`: the registry's operations over HTTP, behind a bearer token. */
export async function opsRoutes(app: FastifyInstance, options: OpsRoutesOptions): Promise<void> {
  await requireOperatorToken(app, { scope: 'ops', token: options.token });

  app.setErrorHandler(opsTokenErrorAnswer);

  const actorOf = (body: OpsBody) => `${body.actor || 'ops'} (ops token)`;
  // Automation acts as a named service actor in the audit log.
  const auditActor = (body: OpsBody, address: string): Actor => ({ name: `service:${body.actor || 'ops'}`, operatorId: null, address });

  app.get('/remotes', async () => options.registry.list());

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
      return options.registry.release({
        app: body.app ?? '',
        version: body.version ?? '',
        files: (body.files ?? []).map(buildFileOf),
        actor: actorOf(body),
        reason: body.reason,
        force: body.force,
        activate: body.activate,
        audit: auditRegistry(auditActor(body, request.ip), 'release.activate', body.reason ?? 'release'),
        auditRelease: auditRelease(auditActor(body, request.ip), body.reason ?? ''),
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
      return options.registry.activate(body.app ?? '', body.version ?? '', actorOf(body), body.reason, body.force, auditRegistry(auditActor(body, request.ip), 'release.activate', body.reason ?? ''));
    },
  );

  app.post<{ Body: OpsBody }>(
    '/rollback',
    {
      schema: {
        body: { type: 'object', required: ['app'], properties: { app: text, ...actorAndReason }, additionalProperties: false },
      },
    },
    async (request) =>
      options.registry.rollback(request.body.app ?? '', actorOf(request.body), request.body.reason, auditRegistry(auditActor(request.body, request.ip), 'release.rollback', request.body.reason ?? '')),
  );

  // A release live for a share of browsers (a canary), raised step by step; 100 makes it everyone's.
  app.post<{ Body: OpsBody }>(
    '/promote',
    {
      schema: {
        body: {
          type: 'object',
          required: ['app', 'version', 'share'],
          properties: { app: text, version: text, share: { type: 'integer', minimum: 1, maximum: 100 }, force: { type: 'boolean' }, ...actorAndReason },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const body = request.body;
      return options.registry.promote(body.app ?? '', body.version ?? '', body.share ?? 0, actorOf(body), body.reason, body.force, auditRegistry(auditActor(body, request.ip), 'release.activate', body.reason ?? `canary ${body.share} %`));
    },
  );
}
