import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { isReleasableApp, RELEASABLE_APPS } from '../../releases/apps';
import type { ReleaseHealthSettings } from '../../releases/health-settings';
import { autoRollbackSwitches, healthMinutes, setAutoRollback } from '../../releases/release-health';
import type { PreviewLink } from '../../releases/preview-links';
import { writeAudit } from '../../ops/audit';
import { OperationRefused } from '../../domain-errors';
import type { ReleaseCaller, ReleaseOperations } from '../releases/release-operations';
import { actorOf, reason, text } from './route-parts';

export interface ReleaseRoutesOptions {
  readonly db: Db;
  /** The release operations, the same as `/ops/*` serves with the ops token. */
  readonly releases: ReleaseOperations;
  /** The automatic rollback's thresholds, shown in the release console. */
  readonly releaseHealth?: ReleaseHealthSettings;
  /** A signed preview link for a tester (releases/preview-links.ts); without it there are none. */
  readonly previewLink?: (app: string, version: string) => Promise<PreviewLink>;
}

/**
 * `/ops/api/releases*`: the back office's release console, for a signed-in operator: the release
 * operations of `/ops/*` (http/releases/release-operations.ts), each version's health, previews and
 * the automatic rollback's switch.
 */
export async function releaseRoutes(app: FastifyInstance, options: ReleaseRoutesOptions): Promise<void> {
  const { db, releases } = options;
  /** The signed-in operator, as the registry and the audit log name them. */
  const callerOf = (request: FastifyRequest): ReleaseCaller => ({ name: actorOf(request).name, actor: actorOf(request) });

  app.get('/releases', { config: { permission: 'releases.read' } }, async () => ({
    apps: RELEASABLE_APPS,
    ...(await releases.list()),
    auto_rollback: await autoRollbackSwitches(db),
    policy: options.releaseHealth ?? null,
  }));

  // Each version's health per minute, as the pages reported it: what the console charts.
  app.get<{ Querystring: { app: string; hours?: string } }>(
    '/releases/health',
    {
      config: { permission: 'releases.read' },
      schema: { querystring: { type: 'object', required: ['app'], properties: { app: text(40), hours: { type: 'string', pattern: '^[0-9]{1,3}$' } }, additionalProperties: false } },
    },
    async (request) => {
      const name = request.query.app;
      if (!isReleasableApp(name)) throw new OperationRefused('invalid', `Unknown app "${name}"`, 'invalid');
      return { app: name, minutes: await healthMinutes(db, name, Math.min(168, Math.max(1, Number(request.query.hours ?? 24)))) };
    },
  );

  // A signed link that shows a released, never rolled-back remote version in a tester's tab, for a few hours.
  app.get<{ Querystring: { app: string; version: string } }>(
    '/releases/preview-link',
    {
      config: { permission: 'releases.read' },
      schema: { querystring: { type: 'object', required: ['app', 'version'], properties: { app: text(40), version: text(64) }, additionalProperties: false } },
    },
    async (request) => {
      if (!options.previewLink) throw new OperationRefused('notFound', 'Previews are not possible here', 'invalid');
      return options.previewLink(request.query.app, request.query.version);
    },
  );

  const releaseBody = {
    type: 'object',
    required: ['app', 'reason'],
    properties: { app: text(40), version: text(64), reason, force: { type: 'boolean' }, reactivate: { type: 'boolean' } },
    additionalProperties: false,
  } as const;

  app.post<{ Body: { app: string; version?: string; reason: string; force?: boolean; reactivate?: boolean } }>(
    '/releases/activate',
    { config: { permission: 'releases.act' }, schema: { body: releaseBody } },
    async (request) => {
      const { app: name, version, reason: why, force, reactivate } = request.body;
      if (!version) throw new OperationRefused('invalid', 'Which version?', 'invalid');
      // A rolled-back version also needs `reactivate: true` (the dialog's second confirmation): releases/registry-service.ts.
      return releases.activate(callerOf(request), { app: name, version, reason: why.trim(), force, reactivate });
    },
  );

  // A canary: a release for a share of browsers, raised step by step; 100 % is an activation.
  app.post<{ Body: { app: string; version: string; share: number; reason: string; force?: boolean; reactivate?: boolean } }>(
    '/releases/promote',
    {
      config: { permission: 'releases.act' },
      schema: {
        body: {
          type: 'object',
          required: ['app', 'version', 'share', 'reason'],
          properties: { app: text(40), version: text(64), share: { type: 'integer', minimum: 1, maximum: 100 }, reason, force: { type: 'boolean' }, reactivate: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const { app: name, version, share, reason: why, force, reactivate } = request.body;
      return releases.promote(callerOf(request), { app: name, version, share, reason: why.trim(), force, reactivate });
    },
  );

  // The store's automatic rollback of an app, on or off.
  app.post<{ Body: { app: string; auto_rollback: boolean; reason: string } }>(
    '/releases/policy',
    {
      config: { permission: 'releases.act' },
      schema: {
        body: { type: 'object', required: ['app', 'auto_rollback', 'reason'], properties: { app: text(40), auto_rollback: { type: 'boolean' }, reason }, additionalProperties: false },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { app: name, auto_rollback: on, reason: why } = request.body;
      if (!isReleasableApp(name) || name === 'host') throw new OperationRefused('invalid', `Unknown remote "${name}"`, 'invalid');
      await db.transaction(async (tx) => {
        await setAutoRollback(tx, name, on, actor.name);
        await writeAudit(tx, actor, { action: 'release.policy', targetType: 'app', targetId: name, after: { auto_rollback: on }, reason: why });
      });
      return { app: name, auto_rollback: on };
    },
  );

  app.post<{ Body: { app: string; reason: string } }>(
    '/releases/rollback',
    { config: { permission: 'releases.act' }, schema: { body: releaseBody } },
    async (request) => releases.rollback(callerOf(request), { app: request.body.app, reason: request.body.reason }),
  );
}
