import { SHARED_REACT_MAJOR } from '@topup/shared/shared-deps';
import type { RegistryListing } from '@topup/shared/types';
import type { Db } from '../db/db';
import { isReleasableApp, isSafeVersion, RELEASABLE_APPS, type ReleasableApp } from './apps';
import { isBuildFilePath, manifestOf, MANIFEST_FILE, type BuildFile } from './build-files';
import { checkContract, sharedReactMajor, type HostFacts } from './contract-check';
import { OperationRefused } from '../domain-errors';
import { ReleaseExistsError, type ReleaseStore } from './release-store';
import { RegistryRepo, type ActivationRecord, type RegistryAudit, type ReleaseAudit, type ReleaseRecord } from './registry-repo';

export type { RegistryListing } from '@topup/shared/types';

export interface ReleaseRequest {
  readonly app: string;
  readonly version: string;
  /** The build's files, stored with the release in the transaction that records it. */
  readonly files: readonly BuildFile[];
  readonly actor: string;
  readonly reason?: string;
  readonly force?: boolean;
  readonly activate?: boolean;
  /** Audits the activation that follows the release, if any. */
  readonly audit?: RegistryAudit;
  /** Audits the release itself. */
  readonly auditRelease?: ReleaseAudit;
}

export interface ReleaseOutcome {
  readonly release: ReleaseRecord;
  readonly activation: ActivationRecord | null;
}

/**
 * The caller's second confirmation that a version a rollback took off players goes live again
 * (decision 294, amended by 297): without `confirmed` and a non-blank reason it is refused.
 */
export interface Reactivation {
  readonly confirmed: boolean;
  /** Audits the activation instead of the usual audit when the version was rolled back (`release.reactivate`). */
  readonly audit?: RegistryAudit;
}

/** What every way in (CLI, ops routes, the console) does to the registry: one set of rules. */
export interface RegistryOperations {
  list(): Promise<RegistryListing>;
  release(request: ReleaseRequest): Promise<ReleaseOutcome>;
  activate(app: string, version: string, actor: string, reason?: string, force?: boolean, audit?: RegistryAudit, reactivation?: Reactivation): Promise<ActivationRecord>;
  rollback(app: string, actor: string, reason?: string, audit?: RegistryAudit): Promise<ActivationRecord>;
  /** A released version live for `share` % of browsers (1–99), or for everyone (100, an activation). */
  promote(app: string, version: string, share: number, actor: string, reason?: string, force?: boolean, audit?: RegistryAudit, reactivation?: Reactivation): Promise<ActivationRecord>;
}

function appOf(value: string): ReleasableApp {
  if (!isReleasableApp(value)) throw new OperationRefused('invalid', `Unknown app "${value}": use one of ${RELEASABLE_APPS.join(', ')}`);
  return value;
}

function versionOf(value: string): string {
  if (!isSafeVersion(value)) throw new OperationRefused('invalid', `"${value}" is not a valid version`);
  return value;
}

/** The registry and the release store, both in the database every instance shares. */
export class RegistryService implements RegistryOperations {
  readonly repo: RegistryRepo;

  constructor(
    db: Db,
    readonly store: ReleaseStore,
  ) {
    this.repo = new RegistryRepo(db);
  }

  async list(): Promise<RegistryListing> {
    const [states, releases, history, rolledBack] = await Promise.all([this.repo.liveStates(), this.repo.releases(), this.repo.history(), this.repo.rolledBack()]);
    const live = Object.fromEntries(Object.entries(states).map(([app, state]) => [app, state.version]));
    const canaries = Object.fromEntries(Object.entries(states).flatMap(([app, state]) => (state.canary ? [[app, state.canary]] : [])));
    // What a rollback returns to, by the same rule `rollback` follows: a canary ends, else the activations walk back.
    const rollbackTo = Object.fromEntries(
      await Promise.all(
        (Object.entries(states) as [ReleasableApp, (typeof states)[ReleasableApp]][]).map(async ([app, state]) => [app, state?.canary ? state.version : (await this.repo.previousLive(app)).previous] as const),
      ),
    );
    return { live, canaries, releases, history, rolled_back: rolledBack, rollback_to: rollbackTo };
  }

  /**
   * What players' host ships now, from the live host release's manifest in the release store: the
   * same answer on every instance. Without a live host release that names its shared exports, they
   * are not known (and no remote passes the check).
   */
  async hostFacts(): Promise<HostFacts> {
    const live = (await this.repo.liveVersions()).host;
    const manifest = live ? await this.store.readManifest('host', live) : null;
    return {
      reactMajor: (manifest && sharedReactMajor(manifest)) ?? SHARED_REACT_MAJOR,
      sharedExports: manifest?.metaData?.topupContract?.sharedExports ?? null,
    };
  }

  async release(request: ReleaseRequest): Promise<ReleaseOutcome> {
    const app = appOf(request.app);
    const version = versionOf(request.version);
    if (await this.repo.findRelease(app, version)) throw new OperationRefused('conflict', `${app} ${version} is already released`);
    const manifest = manifestOf(request.files);
    if (!manifest) throw new OperationRefused('invalid', `The files of ${app} ${version} have no readable ${MANIFEST_FILE}: send the whole build`);
    const paths = request.files.map((file) => file.path);
    const wrong = paths.find((file) => !isBuildFilePath(file));
    if (wrong !== undefined) throw new OperationRefused('invalid', `"${wrong}" is not a path inside a build`);
    if (new Set(paths).size !== paths.length) throw new OperationRefused('invalid', `The files of ${app} ${version} name a file twice`);
    const contract = checkContract(app, manifest, await this.hostFacts());
    if (!contract.ok && !request.force) {
      throw new OperationRefused('unacceptable', `${app} ${version} breaks the contract: ${contract.problems.join('; ')} (use --force to release anyway)`);
    }
    const forced = !contract.ok && Boolean(request.force);
    const record = { app, version, released_by: request.actor, contract_ok: contract.ok, contract_problems: contract.problems, forced };
    const recorded = await this.repo
      .recordRelease(record, (tx) => this.store.put(app, version, request.files, tx), request.auditRelease)
      .catch((error: unknown) => {
        if (error instanceof ReleaseExistsError) throw new OperationRefused('conflict', error.message);
        throw error;
      });
    if (!recorded) throw new OperationRefused('conflict', `${app} ${version} is already released`);
    const activation =
      request.activate === false
        ? null
        : await this.repo.setLive(app, version, 'activate', { actor: request.actor, reason: request.reason ?? 'release', forced, audit: request.audit });
    return { release: (await this.repo.findRelease(app, version)) as ReleaseRecord, activation };
  }

  /** A recorded release with its files that may go live: its contract holds, or `force` says go anyway. */
  private async liveable(app: ReleasableApp, versionName: string, force: boolean): Promise<ReleaseRecord> {
    const version = versionOf(versionName);
    const release = await this.repo.findRelease(app, version);
    if (!release) throw new OperationRefused('notFound', `${app} ${version} was never released`);
    if (!(await this.store.exists(app, version))) throw new OperationRefused('notFound', `${app} ${version} has no files in the release store`);
    if (!release.contract_ok && !force) {
      throw new OperationRefused('unacceptable', `${app} ${version} breaks the contract: ${release.contract_problems.join('; ')} (use --force)`);
    }
    return release;
  }

  /**
   * A version a rollback took off players goes live again (for everyone or as a canary) only with a
   * non-blank reason (400 `reactivateReason`) and the caller's confirmation (409 `reactivateConfirm`),
   * whichever way in asks. Answers the audit to write: the re-activation's when it was rolled back.
   */
  private async reactivationAudit(app: ReleasableApp, version: string, reason: string, audit: RegistryAudit | undefined, reactivation: Reactivation | undefined): Promise<RegistryAudit | undefined> {
    const [taken] = await this.repo.rolledBack(app, version);
    if (!taken) return audit;
    const by = taken.kind === 'auto-rollback' ? 'the store (automatic rollback)' : taken.actor;
    if (!reason.trim()) throw new OperationRefused('invalid', `${app} ${version} was rolled back by ${by}: say why it may go live again (a reason)`, 'reactivateReason');
    if (reactivation?.confirmed !== true) {
      throw new OperationRefused('conflict', `${app} ${version} was rolled back by ${by}: confirm that it goes live again (reactivate: true, or --reactivate)`, 'reactivateConfirm');
    }
    return reactivation.audit ?? audit;
  }

  async activate(appName: string, versionName: string, actor: string, reason = '', force = false, audit?: RegistryAudit, reactivation?: Reactivation): Promise<ActivationRecord> {
    const app = appOf(appName);
    const release = await this.liveable(app, versionName, force);
    const audited = await this.reactivationAudit(app, release.version, reason, audit, reactivation);
    return this.repo.setLive(app, release.version, 'activate', { actor, reason, forced: !release.contract_ok, audit: audited });
  }

  async promote(appName: string, versionName: string, share: number, actor: string, reason = '', force = false, audit?: RegistryAudit, reactivation?: Reactivation): Promise<ActivationRecord> {
    const app = appOf(appName);
    if (!Number.isInteger(share) || share < 1 || share > 100) throw new OperationRefused('invalid', `A share is a whole per cent from 1 to 100, got ${share}`);
    if (share === 100) return this.activate(app, versionName, actor, reason, force, audit, reactivation);
    if (app === 'host') throw new OperationRefused('invalid', 'The host is released to everyone at once: canaries are for remotes');
    const release = await this.liveable(app, versionName, force);
    const version = release.version;
    const live = (await this.repo.liveStates())[app];
    if (!live) throw new OperationRefused('conflict', `${app} has no live release for a canary to run beside: activate one first`);
    if (live.version === version) throw new OperationRefused('conflict', `${app} ${version} is live for everyone already`);
    const audited = await this.reactivationAudit(app, version, reason, audit, reactivation);
    return this.repo.setCanary(app, version, share, 'canary', { actor, reason, forced: !release.contract_ok, audit: audited });
  }

  async rollback(appName: string, actor: string, reason = '', audit?: RegistryAudit): Promise<ActivationRecord> {
    const app = appOf(appName);
    // A canary running: it ends, and every browser gets the live version again.
    if ((await this.repo.liveStates())[app]?.canary) return this.repo.setCanary(app, null, 0, 'rollback', { actor, reason, audit });
    const { current, previous } = await this.repo.previousLive(app);
    if (!current) throw new OperationRefused('notFound', `${app} has no live release to roll back`);
    if (!previous) throw new OperationRefused('conflict', `${app} ${current} is its first live release: there is nothing earlier to roll back to`);
    return this.repo.setLive(app, previous, 'rollback', { actor, reason, audit });
  }

  /**
   * Why a version may not be previewed, or null when it may: it must be a recorded release with its
   * files, and not one a rollback took off players (previews are for what may still go live).
   */
  async previewRefusal(app: string, version: string): Promise<{ refusal: 'notFound' | 'rolledBack'; message: string } | null> {
    if (!isReleasableApp(app) || !isSafeVersion(version)) return { refusal: 'notFound', message: `${app} has no release ${version} to preview` };
    if (!(await this.repo.findRelease(app, version)) || !(await this.store.exists(app, version))) return { refusal: 'notFound', message: `${app} has no release ${version} to preview` };
    if (await this.repo.wasRolledBack(app, version)) return { refusal: 'rolledBack', message: `${app} ${version} was rolled back: it is not previewed` };
    return null;
  }

  /** Whether a tester may preview a version (see `previewRefusal`). */
  async previewable(app: string, version: string): Promise<boolean> {
    return (await this.previewRefusal(app, version)) === null;
  }
}
