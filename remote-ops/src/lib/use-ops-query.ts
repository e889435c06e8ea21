import { useRef } from 'react';
import { useQuery } from '@topup/shared/query';
import { OpsApiError } from './ops-client';

export interface OpsQuery<T> {
  readonly data: T | null;
  readonly error: OpsApiError | null;
  readonly loading: boolean;
  reload(): void;
}

/**
 * A back-office read through the store's one way of reading (`@topup/shared/query`: cancellation,
 * stale answers, retry), with the failure left to the page (beside Retry) as an `OpsApiError`. A
 * console list keeps showing what it had while another filter is read, so it does not blink.
 */
export function useOpsQuery<T>(key: string, read: (signal: AbortSignal) => Promise<T>): OpsQuery<T> {
  const query = useQuery(key, read, { onError: 'page' });
  const shown = useRef<T | null>(null);
  if (query.data !== undefined) shown.current = query.data;
  const error = query.error === null ? null : query.error instanceof OpsApiError ? query.error : new OpsApiError(0, 'network', String(query.error));
  return { data: query.data ?? shown.current, error, loading: query.loading, reload: query.retry };
}
