import { auditRegistry, auditRelease, type Actor } from '../../ops/audit';
import type { Reactivation, RegistryOperations } from '../../releases/registry-service';
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
  /**
   * The caller's confirmation that a version a rollback took off players goes live again (with a
   * reason): without it such a version is refused; with it, audited as `release.reactivate`.
   */
  readonly reactivate?: boolean;
}

const reactivationOf = (caller: ReleaseCaller, reactivate: boolean | undefined, reason: string): Reactivation => ({
  confirmed: reactivate === true,
  audit: auditRegistry(caller.actor, 'release.reactivate', reason),
});

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

    activate: (caller: ReleaseCaller, { app, version, reason, force, reactivate }: ReleaseRequest) =>
      registry.activate(app, version, caller.name, reason, force, auditRegistry(caller.actor, 'release.activate', reason ?? ''), reactivationOf(caller, reactivate, reason ?? '')),

    // A release live for a share of browsers (a canary), raised step by step; 100 makes it everyone's.
    promote: (caller: ReleaseCaller, { app, version, reason, force, share, reactivate }: ReleaseRequest & { readonly share: number }) =>
      registry.promote(app, version, share, caller.name, reason, force, auditRegistry(caller.actor, 'release.activate', reason ?? `canary ${share} %`), reactivationOf(caller, reactivate, reason ?? '')),

    rollback: (caller: ReleaseCaller, { app, reason }: { readonly app: string; readonly reason?: string }) =>
      registry.rollback(app, caller.name, reason, auditRegistry(caller.actor, 'release.rollback', reason ?? '')),
  };
}

export type ReleaseOperations = ReturnType<typeof releaseOperations>;
