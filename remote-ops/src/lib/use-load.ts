import { useCallback, useEffect, useState } from 'react';
import { OpsApiError } from './ops-client';

export interface Loaded<T> {
  readonly data: T | null;
  readonly error: OpsApiError | null;
  readonly loading: boolean;
  reload(): void;
}

/** Reads from the API when `key` changes; keeps the last data while it reloads. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load().then(
      (next) => {
        if (!live) return;
        setData(next);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
    // `key` names what `load` reads; a new function each render must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, error, loading, reload };
}
