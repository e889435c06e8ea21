import { OpsApiError } from '../../lib/ops-client';

/** Any failure of a call as the refusal the page shows (ErrorNote). */
export const asError = (failure: unknown) => (failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
