import { buildApp } from './http/app';
import { configFrom, type ServerConfig } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { describeDb, openDb } from './db/open-db';
import { seedIfEmpty } from './sandbox/seed/seed-demo';
import { announceServer } from './releases/server-file';
import { buildFolders, recordBuildsAsReleases } from './releases/first-releases';
import { DbReleaseStore } from './releases/release-store';
import { RegistryService } from './releases/registry-service';
import { orderSettingsFrom } from './orders';
import { limitSettingsFrom } from './http/api/limit-settings';
import { processSettings } from './settings/environment';
import { assertSafeToStart, refusalMessage } from './production/production-rules';
import { demoDataProblem } from './production/demo-data-check';
import { loadCatalogue } from './catalogue/load-catalogue';
import { offeredPayTypes } from './catalogue/catalogue';
import { unsupportedPayTypes } from './payments';
import { unreachableGames } from './catalogue/catalogue-game-gateway';
import { type MailSink, smtpTransport, startMailSink } from './fulfilment';
import { describeRedis } from './http/web/redis-counter-store';

/**
 * The registry starts from the builds: an app with no release gets its build as its first release,
 * live, so every instance serves the same versions. In development a rebuilt app replaces a live
 * release that came from a build.
 */
async function recordBuilds(db: Db, config: ServerConfig): Promise<void> {
  const registry = new RegistryService(db, new DbReleaseStore(db));
  const recorded = await recordBuildsAsReleases(db, registry, buildFolders(config.repoRoot, config.hostDist), { followBuilds: config.storeMode === 'development' });
  for (const build of recorded) {
    console.log(`Released the build of ${build.app} as ${build.version}, live.`);
    if (build.problems.length) console.warn(`Warning: ${build.app} ${build.version} breaks the contract: ${build.problems.join('; ')}`);
  }
}

async function main(): Promise<void> {
  // Every setting is read and checked here, once; the parts of the store get theirs from it.
  const settings = processSettings();
  const config = configFrom(settings);
  assertSafeToStart(config);
  const orders = orderSettingsFrom(settings);
  const limits = limitSettingsFrom(settings);
  const db = await openDb(config);
  try {
    const applied = await migrate(db);
    if (applied.length) console.log(`Database migrated to version ${applied[applied.length - 1]} (${describeDb(config)}).`);
    const demoData = config.storeMode === 'production' ? await demoDataProblem(db) : null;
    if (demoData) throw new Error(refusalMessage([demoData]));
    if (config.seedDemo && (await seedIfEmpty(db, { discountCodes: config.demoDiscountCodes }))) console.log('Loaded the demo catalogue.');
    // `npm run dev` serves the remotes from their dev servers: its builds are not releases.
    if (!config.devRemotes) await recordBuilds(db, config);
    // Every pay method the catalogue offers must be one the payment provider takes.
    // Read once, for the checks that need it.
    const catalogue = config.stripe || config.gameGateway === 'http' ? await loadCatalogue(db) : null;
    const unpayable = config.stripe && catalogue ? unsupportedPayTypes(config.stripe, offeredPayTypes(catalogue)) : [];
    if (unpayable.length) throw new Error(refusalMessage(unpayable, config.nodeEnv === 'production'));
    // Every game of the catalogue needs its server, at an address the store may call, when it calls games over HTTP.
    const unreachable = config.gameGateway === 'http' && catalogue ? unreachableGames(catalogue, config.gameEndpoints) : [];
    if (unreachable.length && config.nodeEnv === 'production') throw new Error(refusalMessage(unreachable));
    for (const problem of unreachable) console.warn(`Warning: ${problem}`);
  } catch (error) {
    await db.close();
    throw error;
  }
  // Mail goes to SMTP_URL; in development without one, to a sink in this process (/sandbox/mail).
  const mailSink: MailSink | undefined = config.mail.sink ? await startMailSink() : undefined;
  const smtpUrl = config.mail.smtpUrl ?? mailSink?.url;
  const mailTransport = smtpUrl ? smtpTransport(smtpUrl, config.mail.from) : undefined;
  const app = await buildApp({ config, db, logger: config.log, orders, limits, mailTransport, mailSink });
  let closing = false;
  // Graceful stop: readiness fails first so that the balancer sends nothing new, then the server stops
  // taking requests and finishes those under way, the workers finish or hand back their leases, the
  // pools close; all of it bounded by STOP_TIMEOUT_SECONDS, after which the process exits anyway.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.draining = true;
    app.log.info({ signal, drainMs: config.stopDrainMs }, 'stopping: readiness fails, requests under way finish');
    if (config.stopDrainMs) await new Promise((resolve) => setTimeout(resolve, config.stopDrainMs));
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      (async () => {
        await app.close();
        await mailSink?.close();
        await db.close();
        return true;
      })(),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), config.stopTimeoutMs))),
    ]).catch((error: unknown) => {
      app.log.error({ err: error }, 'stopping failed');
      return false;
    });
    clearTimeout(timer);
    if (!stopped) app.log.warn({ timeoutMs: config.stopTimeoutMs }, 'stopped before everything under way finished');
    else app.log.info({}, 'stopped');
    process.exit(stopped ? 0 : 1);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  const shown = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  // Ops commands find this server here when it holds the embedded database.
  if (!config.databaseUrl) process.once('exit', announceServer(config.dataDir, `http://${shown}:${config.port}`));
  console.log(`TopUp Store is running at http://${shown}:${config.port}/ (data: ${describeDb(config)})`);
  if (config.redisUrl) console.log(`Rate limits are shared with the other instances through ${describeRedis(config.redisUrl)}.`);
  if (mailSink) console.log(`E-mails are caught by the development mail sink: http://${shown}:${config.port}/sandbox/mail`);
  else if (!mailTransport) console.log('No SMTP_URL: e-mails wait in the mail outbox until one is set.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
