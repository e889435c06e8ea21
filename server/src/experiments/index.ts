export { CONTROL, slotOf, variantFor, type VariantShare } from './assignment';
export { evaluateExperiments, judgeVariant, readExperimentResults, type ExperimentResults, variantResult, type RecordStop, type StoppedVariant, type VariantResult, type VariantVerdict } from './guardrail';
export * from './offer-experiments';
export { RunningExperiments, type RunningExperimentsOptions } from './running-experiments';
export { newVisitor, variantOfferFor, visitorOf, VISITOR_COOKIE, VISITOR_LIFE_SECONDS, type VariantOffer } from './visitor';
export { checkNewExperiment, createExperiment, experimentAreas, GUARDRAILS, MAX_BONUS_ITEMS, MAX_VARIANTS, stopByOperator, type ExperimentArea, type ExperimentBundle, type NewExperiment, type RecordChange, type StopOutcome } from './manage';
