import type { FastifyInstance } from 'fastify';
import type { CatalogueCheck } from '@topup/shared/types';
import type { Db, Queryable } from '../../db/db';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import { diffCatalogue, largePriceChanges } from '../../catalogue/catalogue-diff';
import {
  catalogueAtRevision,
  catalogueRevisionDiff,
  catalogueRevisions,
  checkCatalogueFileInTurns,
  exportCatalogue,
  importCatalogue,
  picturesOf,
  type CatalogueCheckOptions,
  type CatalogueFile,
} from '../../catalogue/catalogue-file';
import { MAX_CATALOGUE_FILE_BYTES } from '../../catalogue/catalogue-file-schema';
import { auditCatalogueImport, auditedRequest, backOfficeImport } from '../../ops/audit';
import { additionsSince, revertFile } from '../../catalogue/catalogue-revert';
import { OperationRefused } from '../../domain-errors';
import { actorOf, reason, requestKey } from './route-parts';

export interface CatalogueFileRoutesOptions {
  readonly db: Db;
  /** The in-memory catalogue, dropped when an import commits. */
  readonly catalogue: CatalogueCache;
  /** What a catalogue file's checks allow beyond the defaults: this store's banner link hosts and pay types. */
  readonly checks: CatalogueCheckOptions;
}

/** `/ops/api/catalogue*`: the catalogue as a file: download, check, import, revert (docs/catalogue.md). */
export async function catalogueFileRoutes(app: FastifyInstance, options: CatalogueFileRoutesOptions): Promise<void> {
  const { db, checks } = options;
  app.get('/catalogue', { config: { permission: 'read' } }, async () => catalogueRevisions(db));

  app.get<{ Querystring: { revision?: string } }>(
    '/catalogue/file',
    { config: { permission: 'read' }, schema: { querystring: { type: 'object', properties: { revision: { type: 'string', pattern: '^[0-9]{1,9}$' } } } } },
    async (request, reply) => {
      const revision = request.query.revision ? Number(request.query.revision) : null;
      const file = revision === null ? await exportCatalogue(db) : await catalogueAtRevision(db, revision);
      if (!file) throw new OperationRefused('notFound', `No catalogue revision ${revision} was made from a file`, 'noSuchRevision');
      const name = revision === null ? `catalogue-${(await catalogueRevisions(db, 1)).current}.json` : `catalogue-${revision}.json`;
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(`${JSON.stringify(file, null, 2)}\n`);
    },
  );

  /** A catalogue file is larger than any other request: up to MAX_CATALOGUE_FILE_BYTES, with the import's words around it. */
  const CATALOGUE_BODY = MAX_CATALOGUE_FILE_BYTES + 64 * 1024;

  app.post<{ Body: unknown }>('/catalogue/check', { config: { permission: 'catalogue.edit' }, bodyLimit: CATALOGUE_BODY }, async (request): Promise<CatalogueCheck> => {
    // Checked a slice at a time: other requests are answered meanwhile (docs/security.md).
    const problems = await checkCatalogueFileInTurns(request.body, { ...checks, pictures: await picturesOf(db, request.body) });
    if (problems.length > 0) return { problems, diff: null, large_price_changes: [] };
    const diff = diffCatalogue(await exportCatalogue(db), request.body as CatalogueFile);
    return { problems, diff, large_price_changes: largePriceChanges(diff) };
  });

  app.post<{ Body: { file: unknown; reason: string; request_key: string; confirm_price_changes?: boolean } }>(
    '/catalogue/import',
    {
      config: { permission: 'catalogue.edit' },
      bodyLimit: CATALOGUE_BODY,
      schema: {
        body: {
          type: 'object',
          required: ['file', 'reason', 'request_key'],
          properties: { file: { type: 'object' }, reason, request_key: requestKey, confirm_price_changes: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { file, reason: why, request_key, confirm_price_changes } = request.body;
      const done = await auditedRequest(db, request_key);
      if (done) return { revision: Number(done.target_id), done: false };
      const outcome = await importCatalogue(db, options.catalogue, file, backOfficeImport(actor, why, request_key, confirm_price_changes, checks));
      return { ...outcome, done: true };
    },
  );

  const revisionQuery = { querystring: { type: 'object', required: ['revision'], properties: { revision: { type: 'string', pattern: '^[0-9]{1,9}$' } } } };

  /** What a revision changed, as kept with it (revisions made before migration 090 kept nothing: 404 noDiff). */
  app.get<{ Querystring: { revision: string } }>('/catalogue/diff', { config: { permission: 'read' }, schema: revisionQuery }, async (request) => {
    const revision = Number(request.query.revision);
    const diff = await catalogueRevisionDiff(db, revision);
    if (!diff) throw new OperationRefused('notFound', `Catalogue revision ${revision} kept no record of what it changed`, 'noDiff');
    return { revision, diff };
  });

  /** What reverting to a revision would do: the rows added since (retired if asked) and the whole diff, either way. */
  app.get<{ Querystring: { revision: string } }>('/catalogue/revert-preview', { config: { permission: 'read' }, schema: revisionQuery }, async (request) => {
    const revision = Number(request.query.revision);
    const file = await catalogueAtRevision(db, revision);
    if (!file) throw new OperationRefused('notFound', `No catalogue revision ${revision} was made from a file`, 'noSuchRevision');
    const now = await exportCatalogue(db);
    const at = new Date();
    const asPart = (next: CatalogueFile) => ({ ...now, ...next }) as CatalogueFile;
    return {
      revision,
      added_since: additionsSince(file, now),
      diff: diffCatalogue(now, asPart(revertFile(file, now, false, at)), at),
      diff_retiring: diffCatalogue(now, asPart(revertFile(file, now, true, at)), at),
    };
  });

  // Revert: the catalogue of a revision made from a file, imported again as a new revision (the same checks);
  // with retire_added, the bundles, banners and codes added since are retired in the same revision.
  app.post<{ Body: { revision: number; reason: string; request_key: string; confirm_price_changes?: boolean; retire_added?: boolean } }>(
    '/catalogue/revert',
    {
      config: { permission: 'catalogue.edit' },
      schema: {
        body: {
          type: 'object',
          required: ['revision', 'reason', 'request_key'],
          properties: { revision: { type: 'integer', minimum: 1 }, reason, request_key: requestKey, confirm_price_changes: { type: 'boolean' }, retire_added: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { revision, reason: why, request_key, confirm_price_changes, retire_added } = request.body;
      const done = await auditedRequest(db, request_key);
      if (done) return { revision: Number(done.target_id), done: false };
      const file = await catalogueAtRevision(db, revision);
      if (!file) throw new OperationRefused('notFound', `No catalogue revision ${revision} was made from a file`, 'noSuchRevision');
      const retire = retire_added === true;
      const because = `revert to revision ${revision}${retire ? ', retiring what was added since' : ''}: ${why}`;
      // The revision's rows come back as they were; what was added since stays (an import never removes),
      // retired when asked, judged against the catalogue as the import's transaction reads it.
      const outcome = await importCatalogue(db, options.catalogue, async (_tx: Queryable, now: CatalogueFile) => revertFile(file, now, retire, new Date()), {
        ...backOfficeImport(actor, because, request_key, confirm_price_changes, checks),
        audit: auditCatalogueImport(actor, because, request_key, { revision, retireAdded: retire }),
        partial: true,
      });
      return { ...outcome, done: true };
    },
  );
}
