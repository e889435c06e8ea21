import { auditRegistry, auditRelease, type Actor } from '../../ops/audit';
import type { RegistryOperations } from '../../releases/registry-service';
import { buildFileOf, type UploadedFile } from '../../releases/uploaded-files';

/**
 * Who asks for a release operation, as each way in names them: automation with the ops token
 * (`/ops/*`) or an operator signed in to the back office (`/ops/api/releases/*`).
 */
export interface ReleaseCaller {
  /** The name the registry records with the release or activation. */
  readonly name: string;
  /** Who the audit log records. */
  readonly actor: Actor;
}

export interface ReleaseRequest {
  readonly app: string;
  readonly version: string;
  readonly reason?: string;
  readonly force?: boolean;
  /** Makes live again a version a rollback took off players: audited as `release.reactivate`. */
  readonly reactivation?: boolean;
}

/**
 * The release operations, one set for both ways in: `/ops/*` (the ops token, for scripts and CI) and
 * the back office's release console (`/ops/api/releases/*`, an operator's session). Each way in checks
 * its caller and its body and answers refusals in its own shape (http/ops/ops-answers.ts).
 */
export function releaseOperations(registry: RegistryOperations) {
  return {
    list: () => registry.list(),

    release: (caller: ReleaseCaller, request: ReleaseRequest & { readonly files: readonly UploadedFile[]; readonly activate?: boolean }) =>
      registry.release({
        app: request.app,
        version: request.version,
        files: request.files.map(buildFileOf),
        actor: caller.name,
        reason: request.reason,
        force: request.force,
        activate: request.activate,
        audit: auditRegistry(caller.actor, 'release.activate', request.reason ?? 'release'),
        auditRelease: auditRelease(caller.actor, request.reason ?? ''),
      }),

    activate: (caller: ReleaseCaller, { app, version, reason, force, reactivation }: ReleaseRequest) =>
      registry.activate(app, version, caller.name, reason, force, auditRegistry(caller.actor, reactivation ? 'release.reactivate' : 'release.activate', reason ?? '')),

    // A release live for a share of browsers (a canary), raised step by step; 100 makes it everyone's.
    promote: (caller: ReleaseCaller, { app, version, reason, force, share, reactivation }: ReleaseRequest & { readonly share: number }) =>
      registry.promote(app, version, share, caller.name, reason, force, auditRegistry(caller.actor, reactivation ? 'release.reactivate' : 'release.activate', reason ?? `canary ${share} %`)),

    rollback: (caller: ReleaseCaller, { app, reason }: { readonly app: string; readonly reason?: string }) =>
      registry.rollback(app, caller.name, reason, auditRegistry(caller.actor, 'release.rollback', reason ?? '')),
  };
}

export type ReleaseOperations = ReturnType<typeof releaseOperations>;
