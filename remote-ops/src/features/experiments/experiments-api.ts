import { opsCall } from '../../lib/ops-client';

export type Guardrail = 'revenue_per_visitor' | 'conversion';

export interface BonusItem {
  readonly item_id: string;
  readonly count: number;
}

/** One variant with its figures, as `GET /experiments` answers it (decision 308). */
export interface VariantResults {
  readonly variant: string;
  readonly share: number;
  readonly percent_off: number;
  readonly bonus_items: readonly BonusItem[];
  readonly stopped: boolean;
  readonly stopped_why: string;
  readonly visitors: number;
  readonly converted: number;
  readonly revenue_minor: number;
  /** 0–1, and its 95 % interval. */
  readonly conversion: number;
  readonly conversion_interval: readonly [number, number];
  /** Minor units of the area's currency, and its 95 % interval. */
  readonly revenue_per_visitor: number;
  readonly revenue_per_visitor_interval: readonly [number, number];
}

export interface Experiment {
  readonly experiment_id: string;
  readonly game_id: number;
  readonly area: string;
  readonly product_id: string;
  readonly guardrail: Guardrail;
  /** The guardrail judges a variant once it and the control each have this many visitors (absent from an older store's answer: then not shown). */
  readonly min_visitors?: number;
  readonly state: 'running' | 'stopped';
  readonly stopped_why: string;
  /** The control first. */
  readonly variants: readonly VariantResults[];
}

export interface ExperimentArea {
  readonly game_id: number;
  readonly game_names: Readonly<Record<string, string>>;
  readonly area: string;
  readonly currency: string;
  readonly bundles: readonly { readonly product_id: string; readonly name: string; readonly price_minor: number }[];
  readonly items: readonly string[];
}

export interface NewExperiment {
  readonly experiment_id: string;
  readonly game_id: number;
  readonly area: string;
  readonly product_id: string;
  readonly guardrail: Guardrail;
  readonly min_visitors: number;
  readonly reason?: string;
  readonly request_key: string;
  readonly variants: readonly { readonly variant: string; readonly share: number; readonly percent_off: number; readonly bonus_items: readonly BonusItem[] }[];
}

export type ExperimentList = { readonly experiments: readonly Experiment[] };

export const getExperiments = () => opsCall<ExperimentList>('GET', '/experiments');
export const getExperimentBundles = () => opsCall<{ guardrails: readonly Guardrail[]; areas: readonly ExperimentArea[] }>('GET', '/experiments/bundles');
export const createExperiment = (body: NewExperiment) => opsCall<ExperimentList>('POST', '/experiments', body);
export const stopExperiment = (experimentId: string, body: { variant?: string; reason: string; request_key: string }) =>
  opsCall<ExperimentList>('POST', `/experiments/${encodeURIComponent(experimentId)}/stop`, body);
