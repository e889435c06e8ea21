/**
 * Shapes of the back office's API (`/ops/api/*`, docs/back-office.md): the server builds them, the
 * console reads them. Times are PostgreSQL's text of a timestamptz.
 */
import type { RemoteId } from '@topup/shared/contracts';

/** What can be released: the host shell or one of the remotes. */
export type ReleasableApp = 'host' | RemoteId;

/** One row of the support desk's orders list. */
export interface OpsOrderRow {
  readonly order_id: string;
  readonly status: string;
  readonly game_id: number;
  readonly area: string;
  readonly server_id: string;
  readonly server_name: string;
  readonly role_id: string;
  readonly role_name: string;
  readonly product_name: string;
  readonly pay_type: string;
  readonly amount_minor: number;
  readonly currency: string;
  readonly created_at: string;
  readonly disputed: boolean;
}

/** A page of a list and the cursor of the next page (null: the last page). */
export interface OpsPage<Row, Cursor = string> {
  readonly rows: readonly Row[];
  readonly next: Cursor | null;
}

export interface OpsAuditRow {
  readonly id: number;
  readonly at: string;
  readonly actor: string;
  readonly action: string;
  readonly target_type: string;
  readonly target_id: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly reason: string;
  readonly address: string;
}

export interface OpsOperator {
  readonly id: number;
  readonly email: string;
  readonly role: string;
  readonly created_at: string;
  readonly created_by: string;
  readonly disabled_at: string | null;
  readonly last_seen_at: string | null;
  /** A TOTP second factor is set up (an admin may clear it for an operator who lost it). */
  readonly two_factor: boolean;
}

export interface OpsTicket {
  readonly reference: string;
  readonly order_id: string;
  readonly game_id: number | null;
  readonly area: string;
  readonly email: string;
  readonly message: string;
  readonly locale: string;
  readonly status: 'open' | 'answered' | 'closed';
  readonly answer: string;
  readonly answered_by: string;
  readonly answered_at: string | null;
  readonly created_at: string;
  /** The order an agent linked the ticket to (null: the one the player typed, `order_id`). */
  readonly linked_order_id: string | null;
  /** The agent who has it: the operator's id and e-mail (null: nobody yet). */
  readonly assignee_id: number | null;
  readonly assignee: string | null;
  /** The ticket's order (the linked one, else the one typed) exists (a player may mistype its id). */
  readonly order_found: boolean;
}

/** An internal note of the support desk on an order or a ticket (never shown to the player). */
export interface OpsDeskNote {
  readonly id: number;
  readonly target_type: 'order' | 'ticket';
  readonly target_id: string;
  readonly body: string;
  readonly author: string;
  readonly created_at: string;
}

export interface ReleaseRecord {
  readonly app: ReleasableApp;
  readonly version: string;
  readonly released_at: string;
  readonly released_by: string;
  readonly contract_ok: boolean;
  readonly contract_problems: readonly string[];
  readonly forced: boolean;
}

export interface ActivationRecord {
  readonly id: number;
  readonly app: ReleasableApp;
  readonly from_version: string | null;
  readonly to_version: string;
  /** `canary`: `to_version` live for `share` % of browsers; `auto-rollback`: the store undid a failing version. */
  readonly kind: 'activate' | 'rollback' | 'canary' | 'auto-rollback';
  readonly actor: string;
  readonly reason: string;
  readonly forced: boolean;
  readonly activated_at: string;
  /** A canary's share of browsers, in per cent; null for a change of the version everyone gets. */
  readonly share?: number | null;
  /** What an automatic rollback acted on. */
  readonly figures?: RollbackFigures | null;
}

/** A release being tried on a share of browsers, beside the version the others get. */
export interface CanaryRecord {
  readonly version: string;
  /** Per cent of browsers, 1–99. */
  readonly share: number;
  readonly since: string;
}

/** Page loads of one version over a stretch of time, as the pages reported them. */
export interface HealthFigures {
  readonly loads: number;
  readonly failures: number;
}

/** One minute of one version in players' browsers, as `GET /ops/api/releases/health` answers. */
export interface HealthMinute {
  readonly version: string;
  readonly minute: string;
  readonly rendered: number;
  readonly manifest_failed: number;
  readonly chunk_failed: number;
  readonly render_failed: number;
  /** Mean time to the first render over the minute's rendered loads, in ms; null without any. */
  readonly render_ms: number | null;
}

/** Why the store rolled a version back: its figures, the previous version's, and the test. */
export interface RollbackFigures {
  readonly candidate: HealthFigures;
  readonly baseline: HealthFigures;
  /** The one-sided test's statistic (a two-proportion z, or one-sample against the threshold without a baseline). */
  readonly z: number;
  readonly threshold: number;
  readonly minLoads: number;
}

/** The release console: every app, what is live, every release and the history of changes. */
export interface RegistryListing {
  readonly live: Partial<Record<ReleasableApp, string>>;
  /** Releases live for a share of browsers, per app. */
  readonly canaries?: Partial<Record<ReleasableApp, CanaryRecord>>;
  readonly releases: readonly ReleaseRecord[];
  readonly history: readonly ActivationRecord[];
  /** Versions a rollback took off players and that were not made live again since, with who, when and why. */
  readonly rolled_back?: readonly RolledBackRecord[];
  /** Per app, the version a rollback now returns to (the live one while a canary runs); null: none. */
  readonly rollback_to?: Partial<Record<ReleasableApp, string | null>>;
}

/** A version taken off players by a rollback (an operator's or the store's automatic one), not live since. */
export interface RolledBackRecord {
  readonly app: ReleasableApp;
  readonly version: string;
  /** `auto-rollback`: the store did it, on the figures kept with it. */
  readonly kind: 'rollback' | 'auto-rollback';
  /** The operator or service that rolled it back. */
  readonly actor: string;
  readonly reason: string;
  readonly at: string;
  /** The version players got instead. */
  readonly to_version: string;
  readonly figures?: RollbackFigures | null;
}

/** A bundle whose price a catalogue file changes. */
export interface PriceChange {
  readonly product_id: string;
  readonly product_name: string;
  readonly game_id: number;
  readonly area: string;
  readonly from_minor: number;
  readonly to_minor: number;
  /** The change in whole per cent of the old price (+100: doubled). */
  readonly percent: number;
}

/** One row a catalogue change adds, changes or retires. */
export interface CatalogueDiffRow {
  /** The row's key in its list (a bundle's product ID, a server's `game/server`). */
  readonly key: string;
  /** Its name as operators know it (a bundle's name, a game's English name); empty when the list has none. */
  readonly name: string;
  readonly game_id?: number | null;
  readonly area?: string;
  /** The fields a changed row changes. */
  readonly fields?: readonly string[];
  /** A bundle's price before and after, in minor units of its area's currency. */
  readonly from_minor?: number;
  readonly to_minor?: number;
}

/** Per list: how many rows are added, changed and retired, and the rows themselves (the first DIFF_ROWS of each). */
export interface CatalogueListDiff {
  readonly added: number;
  readonly changed: number;
  /** Rows taken off sale or out of use: a bundle or code made inactive, a banner whose window was closed. */
  readonly retired?: number;
  readonly rows?: {
    readonly added: readonly CatalogueDiffRow[];
    readonly changed: readonly CatalogueDiffRow[];
    readonly retired: readonly CatalogueDiffRow[];
  };
}

/** What importing a catalogue file would change. */
export interface CatalogueDiff {
  /** Per list, how many rows the file adds, changes and retires, and which. */
  readonly lists: Readonly<Record<string, CatalogueListDiff>>;
  readonly priceChanges: readonly PriceChange[];
}

/** The back office's check of a catalogue file: its problems, or what it would change. */
export interface CatalogueCheck {
  readonly problems: readonly string[];
  readonly diff: CatalogueDiff | null;
  readonly large_price_changes: readonly PriceChange[];
}

/** A catalogue revision made from a file. */
export interface CatalogueRevisionRow {
  readonly revision: number;
  readonly created_at: string;
  readonly actor: string;
  readonly reason: string;
  readonly source: string;
  readonly counts: Readonly<Record<string, number>>;
  /** Whether the revision keeps what it changed (revisions made since migration 090): GET /ops/api/catalogue/diff?revision=N. */
  readonly has_diff?: boolean;
}

/** One row of the back office's catalogue draft: added or changed, not yet published. */
export interface CatalogueDraftRow {
  /** The catalogue file's list: games, servers, bundles, ... */
  readonly list: string;
  readonly key: string;
  readonly row: Readonly<Record<string, unknown>>;
  readonly kind: 'new' | 'changed';
  /** The catalogue's row changed since the draft changed it (or the catalogue added it meanwhile). */
  readonly stale: boolean;
  /** The catalogue's row now; null when the catalogue has none. */
  readonly live: Readonly<Record<string, unknown>> | null;
  readonly updated_by: string;
  readonly updated_at: string;
}

/** The draft as the back office shows it: its rows, the whole catalogue it would publish, that catalogue's problems and changes. */
export interface CatalogueDraft {
  /** The catalogue's revision now. */
  readonly revision: number;
  readonly rows: readonly CatalogueDraftRow[];
  /** The catalogue file publishing would import (every list, by the file's layout). */
  readonly file: Readonly<Record<string, unknown>>;
  readonly problems: readonly string[];
  readonly diff: CatalogueDiff;
  /** The pay types the store's payment provider takes: a pay method is one of them. */
  readonly provider_pay_types: readonly string[];
}

// ---------- Offer experiments (decisions 308 and 310) ----------

/** What an experiment's guardrail watches. */
export type ExperimentGuardrail = 'revenue_per_visitor' | 'conversion';

/** An item a variant adds to the bundle, by the name the game gives it. */
export interface ExperimentBonusItem {
  readonly item_id: string;
  readonly count: number;
}

/** One variant with its figures, as `GET /ops/api/experiments` answers it. */
export interface ExperimentVariantResults {
  readonly variant: string;
  readonly share: number;
  readonly percent_off: number;
  readonly bonus_items: readonly ExperimentBonusItem[];
  readonly stopped: boolean;
  readonly stopped_why: string;
  readonly visitors: number;
  readonly converted: number;
  readonly revenue_minor: number;
  /** Converted visitors ÷ visitors (0–1, 4 decimals) and its 95 % interval. */
  readonly conversion: number;
  readonly conversion_interval: readonly [number, number];
  /** Minor units of the area's currency (2 decimals) and its 95 % interval. */
  readonly revenue_per_visitor: number;
  readonly revenue_per_visitor_interval: readonly [number, number];
}

/** An experiment with each variant's results (the control first), as the experiments list and Insights answer it. */
export interface ExperimentResults {
  readonly experiment_id: string;
  readonly game_id: number;
  readonly area: string;
  readonly product_id: string;
  readonly guardrail: ExperimentGuardrail;
  /** The guardrail judges a variant once it and the control each have this many visitors. */
  readonly min_visitors: number;
  readonly state: 'running' | 'stopped';
  readonly stopped_why: string;
  readonly variants: readonly ExperimentVariantResults[];
}

/** A bundle an experiment may run on. */
export interface ExperimentBundle {
  readonly product_id: string;
  readonly name: string;
  readonly price_minor: number;
}

/** A game area whose bundles are on sale, for the new-experiment form (`GET /ops/api/experiments/bundles`). */
export interface ExperimentArea {
  readonly game_id: number;
  /** The game's name in each language. */
  readonly game_names: Readonly<Record<string, string>>;
  readonly area: string;
  readonly currency: string;
  readonly bundles: readonly ExperimentBundle[];
  /** The items a variant may add: those the area's bundles deliver, as the game names them. */
  readonly items: readonly string[];
}

/** An experiment as the back office defines it (`POST /ops/api/experiments`); the control comes first. */
export interface NewExperiment {
  readonly experiment_id: string;
  readonly game_id: number;
  readonly area: string;
  readonly product_id: string;
  readonly guardrail: ExperimentGuardrail;
  readonly min_visitors?: number;
  readonly variants: readonly {
    readonly variant: string;
    readonly share: number;
    readonly percent_off?: number;
    readonly bonus_items?: readonly ExperimentBonusItem[];
  }[];
}
