export { CONTROL, slotOf, variantFor, type VariantShare } from './assignment';
export { evaluateExperiments, judgeVariant, readExperimentResults, type ExperimentResults, variantResult, type RecordStop, type StoppedVariant, type VariantResult, type VariantVerdict } from './guardrail';
export * from './offer-experiments';
