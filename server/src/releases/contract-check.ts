import { requiredExposes, type RemoteId } from '@topup/shared/contracts';
import type { ReleasableApp } from './apps';

/** What the host needs to know of the live host build to judge a release. */
export interface HostFacts {
  readonly reactMajor: number;
  /**
   * Exports of each tree-shaken shared library the live host ships; null when no live host release
   * says (then no remote can be judged, and none passes).
   */
  readonly sharedExports: Readonly<Record<string, readonly string[]>> | null;
}

/** The parts of `mf-manifest.json` the check reads. */
export interface FederationManifest {
  readonly name?: string;
  readonly metaData?: {
    readonly buildInfo?: { readonly buildVersion?: string };
    readonly topupContract?: { readonly version?: number; readonly sharedExports?: Readonly<Record<string, readonly string[]>> };
  };
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

/** A remote may use only the shared-library exports the live host ships; unknown ones fail it. */
function sharedExportProblems(manifest: FederationManifest, shipped: HostFacts['sharedExports']): string[] {
  if (!shipped) return ["the live host's shared-library exports are unknown (no live host release names them): release the host first"];
  const needs = manifest.metaData?.topupContract?.sharedExports;
  if (!needs) return ['was built without the store contract (no topupContract in its manifest)'];
  return Object.entries(needs).flatMap(([library, names]) => {
    const missing = names.filter((name) => !(shipped[library] ?? []).includes(name));
    return missing.length ? [`uses ${library} exports the host does not ship: ${missing.join(', ')}`] : [];
  });
}

/**
 * Checks a release against the contract in @topup/shared: a remote must expose every page the
 * host routes to, share the same React major as the host, and use no export of a tree-shaken
 * shared library that the live host does not ship (it would load a second copy of that library).
 */
export function checkContract(app: ReleasableApp, manifest: FederationManifest, host: HostFacts): ContractResult {
  const hostReactMajor = host.reactMajor;
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
  if (app !== 'host') problems.push(...sharedExportProblems(manifest, host.sharedExports));
  return { ok: problems.length === 0, problems };
}
