import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import type { Db } from '../../db/db';
import { createExperiment, experimentAreas, GUARDRAILS, MAX_BONUS_ITEMS, MAX_VARIANTS, readExperimentResults, stopByOperator, type NewExperiment, type OfferExperiment } from '../../experiments';
import { auditedRequest, writeAudit } from '../../ops/audit';
import { actorOf, reason, requestKey, text } from './route-parts';

export interface ExperimentRouteOptions {
  readonly db: Db;
  /** The catalogue an experiment's bundle and bonus items are checked against. */
  readonly catalogue: CatalogueCache;
  /** The running experiments the price reads hold (decision 309): reloaded after a change, so this process shows it at once. */
  readonly experiments?: { reload(): Promise<void> };
}

/** An experiment as the audit log keeps it: its definition and state. */
const described = (experiment: OfferExperiment) => ({
  game_id: experiment.gameId,
  area: experiment.area,
  product_id: experiment.productId,
  guardrail: experiment.guardrail,
  min_visitors: experiment.minVisitors,
  state: experiment.state,
  variants: experiment.variants.map((entry) => ({ variant: entry.variant, share: entry.share, percent_off: entry.percentOff, bonus_items: entry.bonusItems, stopped: entry.stopped })),
});

const NEW_EXPERIMENT = {
  type: 'object',
  required: ['experiment_id', 'game_id', 'area', 'product_id', 'guardrail', 'variants'],
  additionalProperties: false,
  properties: {
    experiment_id: text(40),
    game_id: { type: 'integer', minimum: 0, maximum: 999_999_999 },
    area: text(16),
    product_id: text(128),
    guardrail: { type: 'string', enum: [...GUARDRAILS] },
    min_visitors: { type: 'integer' },
    reason: { type: 'string', maxLength: 500 },
    request_key: requestKey,
    variants: {
      type: 'array',
      maxItems: MAX_VARIANTS * 2,
      items: {
        type: 'object',
        required: ['variant', 'share'],
        additionalProperties: false,
        properties: {
          variant: text(20),
          share: { type: 'integer' },
          percent_off: { type: 'integer' },
          bonus_items: {
            type: 'array',
            maxItems: MAX_BONUS_ITEMS,
            items: { type: 'object', required: ['item_id', 'count'], additionalProperties: false, properties: { item_id: text(200), count: { type: 'integer' } } },
          },
        },
      },
    },
  },
} as const;

const ID_PARAMS = { type: 'object', properties: { id: { type: 'string', maxLength: 40 } }, required: ['id'] } as const;

/**
 * `/ops/api/experiments*` (decision 310): the offer experiments with their results and the bundles one
 * may run on (read: every role), and starting and stopping one (`catalogue.edit`: merchandisers and
 * admins, or the automation token). Every change is audited in its own transaction.
 */
export async function experimentRoutes(app: FastifyInstance, { db, catalogue, experiments }: ExperimentRouteOptions): Promise<void> {
  const list = async () => ({ experiments: await readExperimentResults(db) });
  // The change is committed: a failed reload only delays it to the next background refresh.
  const reloadRunning = async () => {
    await experiments?.reload().catch((error: unknown) => app.log.warn({ err: error }, 'the running offer experiments were not reloaded; the next refresh will'));
  };

  app.get('/experiments', { config: { permission: 'read' } }, list);

  app.get('/experiments/bundles', { config: { permission: 'read' } }, async () => ({
    guardrails: GUARDRAILS,
    areas: experimentAreas(await catalogue.get(), catalogue.now()),
  }));

  app.post<{ Body: NewExperiment & { reason?: string; request_key?: string } }>(
    '/experiments',
    { config: { permission: 'catalogue.edit' }, schema: { body: NEW_EXPERIMENT } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { reason: why = '', request_key: key, ...input } = request.body;
      // The same press twice: done once, answered as it stands.
      if (key && (await auditedRequest(db, key))) return list();
      await createExperiment(db, await catalogue.get(), catalogue.now(), input, async (tx, experiment) => {
        await writeAudit(tx, actor, { action: 'experiment.create', targetType: 'offer_experiment', targetId: experiment.experimentId, after: described(experiment), reason: why.trim(), requestKey: key ?? null });
      });
      await reloadRunning();
      reply.code(201);
      return list();
    },
  );

  app.post<{ Params: { id: string }; Body: { variant?: string; reason: string; request_key?: string } }>(
    '/experiments/:id/stop',
    {
      config: { permission: 'catalogue.edit' },
      schema: {
        params: ID_PARAMS,
        body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { variant: text(20), reason, request_key: requestKey } },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { variant, request_key: key } = request.body;
      const why = request.body.reason.trim();
      if (key && (await auditedRequest(db, key))) return list();
      await db.transaction((tx) =>
        stopByOperator(tx, request.params.id, variant ?? null, why, async (tx2, experiment) => {
          await writeAudit(tx2, actor, {
            action: variant ? 'experiment.stop_variant' : 'experiment.stop',
            targetType: 'offer_experiment',
            targetId: variant ? `${experiment.experimentId}:${variant}` : experiment.experimentId,
            after: described(experiment),
            reason: why,
            requestKey: key ?? null,
          });
        }),
      );
      await reloadRunning();
      return list();
    },
  );
}
