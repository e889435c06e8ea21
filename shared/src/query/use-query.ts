import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore } from '@topup/shared/store';
import { showCallError } from '@topup/shared/ui';

export interface QueryOptions {
  /**
   * What a failure does: `dialog` (the default) shows the store's error dialog (spec §8);
   * `page` leaves it to the page, which renders `error` (for example beside a Retry button).
   */
  readonly onError?: 'dialog' | 'page';
  /** Set the answer as a transition, so a large render yields to the player's input. */
  readonly transition?: boolean;
}

export interface QueryResult<T> {
  /** The answer for the current key, or undefined while it is being read (or failed). */
  readonly data: T | undefined;
  /** The failure of the last read for the current key, or null. */
  readonly error: unknown;
  /** True while the current key's answer is being read. */
  readonly loading: boolean;
  /** Reads the current key again. */
  readonly retry: () => void;
}

interface Settled<T> {
  readonly key: string;
  readonly round: number;
  readonly data?: T;
  readonly error?: unknown;
}

/**
 * One way to read data in the remotes: `read` runs when `key` changes (null: nothing to read),
 * the previous read is cancelled through its AbortSignal, a cancelled read never reaches the
 * page, an answer is only shown for the key it was read for, and a failure shows the error
 * dialog once (or is handed to the page). `retry` reads again. A change of the page's language
 * reads again too (the answers carry the catalogue's words in it), keeping the answer shown until
 * the new one arrives.
 */
export function useQuery<T>(key: string | null, read: (signal: AbortSignal) => Promise<T>, options: QueryOptions = {}): QueryResult<T> {
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const latestRead = useRef(read);
  latestRead.current = read;
  const { onError = 'dialog', transition = false } = options;
  const locale = useAppStore((s) => s.locale);

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    const settle = (value: Settled<T>) => {
      if (controller.signal.aborted) return;
      if (transition) startTransition(() => setSettled(value));
      else setSettled(value);
    };
    latestRead.current(controller.signal).then(
      (data) => settle({ key, round, data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (onError === 'dialog') showCallError(error);
        setSettled({ key, round, error });
      },
    );
    return () => controller.abort();
  }, [key, round, onError, transition, locale]);

  const retry = useCallback(() => setRound((n) => n + 1), []);
  const current = settled !== null && settled.key === key ? settled : null;
  return {
    data: current?.data,
    error: current?.error ?? null,
    loading: key !== null && (current === null || current.round !== round),
    retry,
  };
}
