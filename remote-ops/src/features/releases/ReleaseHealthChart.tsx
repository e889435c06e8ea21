import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useOpsTranslation } from '../../lib/use-ops-translation';
import type { HealthMinute } from './release-health-figures';
import { chartSeries } from './release-health-figures';

/** Colours that keep 3:1 against the card's white, one per version (live first). */
const VERSION_COLOURS = ['#b4380f', '#1f5fbf', '#2e7d32', '#6a3fb5'];

/** The time axis: the minutes shown, and at least the hour before the last, so a few minutes read as minutes. */
function timeRange(minutes: ArrayLike<number>): [number, number] {
  const times = Array.from(minutes);
  const latest = Math.max(...times);
  return [Math.min(Math.min(...times), latest - 3600), latest + 60];
}

function Chart({ title, data, names, unit, max }: { title: string; data: uPlot.AlignedData; names: readonly string[]; unit: string; max?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = Math.max(280, Math.min(720, element.clientWidth || 640));
    const chart = new uPlot(
      {
        title,
        width,
        height: 200,
        scales: { x: { time: true, range: timeRange(data[0]) }, y: max === undefined ? {} : { range: [0, max] } },
        axes: [{}, { label: unit }],
        series: [{}, ...names.map((name, i) => ({ label: name, stroke: VERSION_COLOURS[i % VERSION_COLOURS.length], width: 2, spanGaps: true }))],
      },
      data,
      element,
    );
    return () => chart.destroy();
  }, [title, data, names, unit, max]);
  // The canvas is a picture of the table beside it, which screen readers read instead.
  return <div ref={box} className="ops-chart" aria-hidden="true" />;
}

/** Success rate and render time per minute of each version, the live one beside the previous. */
export default function ReleaseHealthChart({ minutes, versions }: { minutes: readonly HealthMinute[]; versions: readonly string[] }) {
  const { t } = useOpsTranslation();
  const series = chartSeries(minutes, versions);
  return (
    <div className="ops-charts">
      <Chart title={t('health.successChart')} data={series.success} names={versions} unit="%" max={100} />
      <Chart title={t('health.renderChart')} data={series.renderMs} names={versions} unit="ms" />
    </div>
  );
}
