import type { ExperimentArea, ExperimentBonusItem, ExperimentGuardrail, ExperimentResults, ExperimentVariantResults, NewExperiment as NewExperimentDefinition } from '@topup/shared/types';
import { opsCall } from '../../lib/ops-client';

export type { ExperimentArea };
export type Guardrail = ExperimentGuardrail;
export type BonusItem = ExperimentBonusItem;
export type VariantResults = ExperimentVariantResults;

/** An experiment as `GET /experiments` answers it; an older store's answer has no `min_visitors` (then not shown). */
export type Experiment = Omit<ExperimentResults, 'min_visitors'> & { readonly min_visitors?: number };

/** What the form sends: the definition, with the operator's reason and the key that makes a retry harmless. */
export type NewExperiment = NewExperimentDefinition & { readonly min_visitors: number; readonly reason?: string; readonly request_key: string };

export type ExperimentList = { readonly experiments: readonly Experiment[] };

export const getExperiments = () => opsCall<ExperimentList>('GET', '/experiments');
export const getExperimentBundles = () => opsCall<{ guardrails: readonly Guardrail[]; areas: readonly ExperimentArea[] }>('GET', '/experiments/bundles');
export const createExperiment = (body: NewExperiment) => opsCall<ExperimentList>('POST', '/experiments', body);
export const stopExperiment = (experimentId: string, body: { variant?: string; reason: string; request_key: string }) =>
  opsCall<ExperimentList>('POST', `/experiments/${encodeURIComponent(experimentId)}/stop`, body);
