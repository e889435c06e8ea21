export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `probe` every 25 ms until it gives something truthy, and gives that; fails after `ms` naming `what`. */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`waited in vain for ${what}`);
    await sleep(25);
  }
}
