const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/** "250ms", "10s", "2m", "1h" (or a bare number of milliseconds) in milliseconds. */
export function parseDuration(text: string, name: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?\s*$/.exec(text);
  if (!match) throw new Error(`${name} must be a duration such as 500ms, 10s, 2m or 1h, got "${text}"`);
  const ms = Number(match[1]) * UNIT_MS[match[2] ?? 'ms']!;
  if (!(ms > 0)) throw new Error(`${name} must be longer than zero, got "${text}"`);
  return Math.round(ms);
}

/** "10s,30s,2m" in milliseconds. */
export function parseDurationList(text: string, name: string): number[] {
  const list = text.split(',').map((part) => parseDuration(part, name));
  if (list.length === 0) throw new Error(`${name} needs at least one duration`);
  return list;
}

/** 90000 → "1m 30s", for logs and documentation. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const parts: string[] = [];
  let rest = Math.round(ms / 1000);
  for (const [unit, size] of [['h', 3600], ['m', 60], ['s', 1]] as const) {
    const count = Math.floor(rest / size);
    if (count) parts.push(`${count}${unit}`);
    rest -= count * size;
  }
  return parts.join(' ');
}
