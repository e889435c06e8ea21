import type { HealthMinute } from '@topup/shared/types';

export type { HealthMinute } from '@topup/shared/types';

export interface VersionSummary {
  readonly version: string;
  readonly loads: number;
  /** Share of loads that rendered, 0–1; null without loads. */
  readonly success: number | null;
  readonly manifest: number;
  readonly chunk: number;
  readonly render: number;
  /** Mean time to the first render over the rendered loads, ms. */
  readonly renderMs: number | null;
}

const failed = (m: HealthMinute) => m.manifest_failed + m.chunk_failed + m.render_failed;

/** A version's figures over every minute given. */
export function summarise(minutes: readonly HealthMinute[], version: string): VersionSummary {
  const own = minutes.filter((m) => m.version === version);
  const rendered = own.reduce((n, m) => n + m.rendered, 0);
  const loads = own.reduce((n, m) => n + m.rendered + failed(m), 0);
  const renderSum = own.reduce((n, m) => n + (m.render_ms ?? 0) * m.rendered, 0);
  return {
    version,
    loads,
    success: loads ? rendered / loads : null,
    manifest: own.reduce((n, m) => n + m.manifest_failed, 0),
    chunk: own.reduce((n, m) => n + m.chunk_failed, 0),
    render: own.reduce((n, m) => n + m.render_failed, 0),
    renderMs: rendered ? Math.round(renderSum / rendered) : null,
  };
}

/**
 * The charts' columns: the minutes (seconds since 1970, as uPlot takes them), then per version its
 * success rate in per cent and its mean render time, null for a minute without its loads.
 */
export function chartSeries(minutes: readonly HealthMinute[], versions: readonly string[]) {
  const times = [...new Set(minutes.map((m) => Date.parse(m.minute.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'))))].sort((a, b) => a - b);
  const at = new Map(minutes.map((m) => [`${m.version}|${Date.parse(m.minute.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'))}`, m]));
  const column = (version: string, value: (m: HealthMinute) => number | null) =>
    times.map((time) => {
      const minute = at.get(`${version}|${time}`);
      return minute ? value(minute) : null;
    });
  const success = (m: HealthMinute) => {
    const loads = m.rendered + failed(m);
    return loads ? Math.round((m.rendered / loads) * 1000) / 10 : null;
  };
  const seconds = times.map((time) => time / 1000);
  return {
    success: [seconds, ...versions.map((v) => column(v, success))] as [number[], ...(number | null)[][]],
    renderMs: [seconds, ...versions.map((v) => column(v, (m) => m.render_ms))] as [number[], ...(number | null)[][]],
  };
}
