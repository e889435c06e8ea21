/**
 * The federation contract between the host and its remotes.
 *
 * Each remote exposes one module per route page. The host only ever reaches a
 * remote through these names, and a release is refused when its manifest lacks
 * one of them (see docs/decisions/002-remote-contract.md).
 */
export const CONTRACT_VERSION = 1;

export type RemoteId = 'remote-topup' | 'remote-voucher' | 'remote-pccenter' | 'remote-ops';

export interface RemoteContract {
  /** Module Federation container name (a JS identifier). */
  readonly mfName: string;
  /** Route path -> exposed module name (without the leading "./"). */
  readonly routes: Readonly<Record<string, string>>;
}

export const REMOTE_CONTRACTS: Readonly<Record<RemoteId, RemoteContract>> = {
  'remote-topup': {
    mfName: 'remote_topup',
    routes: {
      '/': 'MainPage',
      '/game': 'GamePage',
      '/prod': 'ProductPage',
      '/submit': 'SubmitPage',
      '/payResult': 'PayResultPage',
      '/orders': 'OrdersPage',
      '/receipt': 'ReceiptPage',
      // The help page shares My orders' module: its order lookup opens My orders, and a module of its
      // own would cost every player's first load (each module is listed in the remote's entry).
      '/help': 'OrdersPage',
    },
  },
  'remote-voucher': {
    mfName: 'remote_voucher',
    routes: {
      '/index_1': 'VoucherCenterPage',
    },
  },
  'remote-pccenter': {
    mfName: 'remote_pccenter',
    routes: {
      '/pcIndex': 'PcIndexPage',
      '/pcrole': 'PcRolePage',
      '/pcSubmit': 'PcSubmitPage',
      '/pcpay': 'PcPayPage',
    },
  },
  // The back office: one page that routes inside itself; no player ever loads it.
  'remote-ops': { mfName: 'remote_ops', routes: { '/ops/*': 'OpsConsole' } },
};

export const REMOTE_IDS = Object.keys(REMOTE_CONTRACTS) as RemoteId[];

/** Every expose ("./Name") a remote must provide for the host. */
export function requiredExposes(remote: RemoteId): string[] {
  return [...new Set(Object.values(REMOTE_CONTRACTS[remote].routes))].map((name) => `./${name}`);
}

export interface RouteEntry {
  readonly path: string;
  readonly remote: RemoteId;
  readonly expose: string;
}

/** The host's route table, derived from the contracts. */
export const ROUTE_TABLE: readonly RouteEntry[] = REMOTE_IDS.flatMap((remote) =>
  Object.entries(REMOTE_CONTRACTS[remote].routes).map(([path, expose]) => ({ path, remote, expose })),
);

export interface RegistryEntry {
  readonly version: string;
  readonly manifestUrl: string;
  /** True when a tester asked for this version with `?mf_preview=` instead of the live one. */
  readonly preview?: boolean;
}

/** A game's region picker in one area (spec §9). */
export interface RegionPicker {
  /** How the choice travels to `getServerList`: replaces the area, as `region`, or in `area` (a sub-region). */
  readonly param: 'area' | 'region' | 'subregion';
  readonly options: ReadonlyArray<{ readonly label: string; readonly value: string }>;
  /** The value chosen when the player has not picked one. */
  readonly defaultValue: string;
}

/** What a page must know of a game before its first call (spec §9), as the catalogue sets it. */
export interface GameRule {
  /** Characters are found by name, not ID (as game 284). */
  readonly byName?: true;
  /** Role lookups carry the server's `server_sign` (as game 134). */
  readonly serverSign?: true;
  /** Where the character ID is shown in the game (as games 14, 136, 182). */
  readonly helpImage?: string;
  /** The region picker of each area that has one. */
  readonly regions?: Readonly<Record<string, RegionPicker>>;
}

/** Rules by game ID; a game without any is left out. */
export type GameRules = Readonly<Record<string, GameRule>>;

/** What a deployment tells its pages at run time, so one build runs in development, staging and production. */
export interface StoreRuntimeConfig {
  /** The sign key of spec §7 for this deployment (`APP_KEY`). */
  readonly appKey: string;
  /** The catalogue's games with a rule of spec §9 (region pickers, character lookups), read per page load. */
  readonly games?: GameRules;
  /** Share of page loads (0–1) that report their remotes' health (`HEALTH_SAMPLE`); all when absent. */
  readonly healthSample?: number;
}

/** `/mf/registry.json`: which version of each remote is live, and the deployment's run-time settings. */
export interface RemoteRegistry {
  readonly contractVersion: number;
  readonly remotes: Readonly<Record<RemoteId, RegistryEntry>>;
  readonly store?: StoreRuntimeConfig;
  /** This page load's signed health token, sent back with its beacon (server/src/releases/load-tokens.ts). */
  readonly health?: string;
}

export function remoteManifestUrl(remote: RemoteId, version: string): string {
  return `/remotes/${remote}/${encodeURIComponent(version)}/mf-manifest.json`;
}
