import { requiredExposes, type RemoteId } from '@topup/shared/contracts';
import type { ReleasableApp } from './apps';

/** The parts of `mf-manifest.json` the check reads. */
export interface FederationManifest {
  readonly name?: string;
  readonly metaData?: { readonly buildInfo?: { readonly buildVersion?: string } };
  readonly shared?: ReadonlyArray<{ readonly name?: string; readonly version?: string }>;
  readonly exposes?: ReadonlyArray<{ readonly name?: string; readonly path?: string }>;
}

export interface ContractResult {
  readonly ok: boolean;
  readonly problems: readonly string[];
}

function majorOf(version: string | undefined): number | null {
  const match = /^\D*(\d+)\./.exec(version ?? '');
  return match ? Number(match[1]) : null;
}

/** The React major a manifest shares, or null when it shares none. */
export function sharedReactMajor(manifest: FederationManifest): number | null {
  return majorOf(manifest.shared?.find((s) => s.name === 'react')?.version);
}

/**
 * Checks a release against the contract in @topup/shared: a remote must expose every page the
 * host routes to, and every app must share the same React major as the host.
 */
export function checkContract(app: ReleasableApp, manifest: FederationManifest, hostReactMajor: number): ContractResult {
  const problems: string[] = [];
  if (app !== 'host') {
    const exposed = new Set((manifest.exposes ?? []).map((e) => (e.path ?? `./${e.name ?? ''}`).replace(/^(?!\.\/)/, './')));
    for (const expose of requiredExposes(app as RemoteId)) {
      if (!exposed.has(expose)) problems.push(`missing expose ${expose} that the host routes to`);
    }
  }
  const react = sharedReactMajor(manifest);
  if (react === null) problems.push('does not share react');
  else if (react !== hostReactMajor) problems.push(`shares React ${react}, the host runs React ${hostReactMajor}`);
  return { ok: problems.length === 0, problems };
}
