/** The call's result, or a rejection once `ms` have passed (the call itself is not cancelled). */
export function withTimeout<T>(call: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
