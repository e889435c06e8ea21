import { uploadedFile } from './uploaded-files';
import type { ActivationRecord } from './registry-repo';
import type { Reactivation, RegistryListing, RegistryOperations, ReleaseOutcome, ReleaseRequest } from './registry-service';

/** The registry's operations through a running server's `/ops` routes. */
export class HttpRegistry implements RegistryOperations {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async call<T>(method: 'GET' | 'POST', route: string, body?: object): Promise<T> {
    const response = await fetch(`${this.baseUrl}/ops/${route}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    if (!response.ok) {
      if (response.status === 404 && !answer.error) throw new Error(`${this.baseUrl} has no ops routes: start the server with OPS_TOKEN set`);
      throw new Error(answer.error ?? `the server answered HTTP ${response.status}`);
    }
    return answer as T;
  }

  list(): Promise<RegistryListing> {
    return this.call('GET', 'remotes');
  }

  /** Uploads the build with the release: the server stores its files in the transaction that records it. */
  release(request: ReleaseRequest): Promise<ReleaseOutcome> {
    const { files, app, version, actor, reason, force, activate } = request;
    return this.call('POST', 'releases', { app, version, actor, reason, force, activate, files: files.map(uploadedFile) });
  }

  // The server audits what it does; a rolled-back version's re-activation carries the caller's confirmation.
  activate(app: string, version: string, actor: string, reason?: string, force?: boolean, _audit?: unknown, reactivation?: Reactivation): Promise<ActivationRecord> {
    return this.call('POST', 'activate', { app, version, actor, reason, force, reactivate: reactivation?.confirmed });
  }

  rollback(app: string, actor: string, reason?: string): Promise<ActivationRecord> {
    return this.call('POST', 'rollback', { app, actor, reason });
  }

  promote(app: string, version: string, share: number, actor: string, reason?: string, force?: boolean, _audit?: unknown, reactivation?: Reactivation): Promise<ActivationRecord> {
    return this.call('POST', 'promote', { app, version, share, actor, reason, force, reactivate: reactivation?.confirmed });
  }
}
