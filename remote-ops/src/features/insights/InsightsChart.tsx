import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Colours that keep 3:1 against the card's white; the series after the first are told apart by dashes too. */
const COLOURS = ['#b4380f', '#1f5fbf', '#2e7d32', '#6a3fb5', '#8a5300', '#00707a', '#a3201a', '#3d4466'];
const DASHES: (number[] | undefined)[] = [undefined, [6, 4], [2, 3], [10, 3, 2, 3]];

export interface ChartSeries {
  readonly label: string;
  readonly values: readonly (number | null)[];
}

export interface InsightsChartProps {
  /** Shown above the canvas; the table under the chart says the same for screen readers. */
  readonly title: string;
  /** One label per point of the x axis (a day, a funnel step). */
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  /** `bars`: the first series as bars, the others as lines with points (the period before). */
  readonly kind: 'bars' | 'lines';
  /** The y axis's unit, or a formatter of its values. */
  readonly unit?: string;
  readonly formatValue?: (value: number) => string;
  /** What a point of the x axis is (Day, Step): the legend's first entry. */
  readonly xLabel: string;
  /** `bars` only: the series after the first are an interval's ends, drawn as points without lines between the bars. */
  readonly ends?: boolean;
}

/** Few enough x labels to stay readable at the chart's width. */
function labelEvery(count: number, width: number): number {
  return Math.max(1, Math.ceil(count / Math.max(2, Math.floor(width / 64))));
}

/**
 * A chart of the insights (uPlot, the release console's chart library, loaded with the first chart and
 * never with the players' pages). The canvas is hidden from screen readers: the table under it is the
 * same figures as text. It follows its box's width (390 px phones to wide desktops).
 */
export default function InsightsChart({ title, labels, series, kind, unit, formatValue, xLabel, ends = false }: InsightsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const widthOf = () => Math.max(260, Math.min(1100, element.clientWidth || 640));
    const width = widthOf();
    const xs = labels.map((_, i) => i);
    const every = labelEvery(labels.length, width);
    const format = formatValue ?? ((value: number) => `${value.toLocaleString()}${unit ? ` ${unit}` : ''}`);
    const chart = new uPlot(
      {
        title,
        width,
        height: 220,
        legend: { show: series.length > 1 || kind === 'bars' },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: [-0.6, Math.max(0.6, labels.length - 0.4)] }, y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] } },
        axes: [
          {
            splits: () => xs.filter((i) => i % every === 0),
            values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            grid: { show: false },
          },
          { values: (_u, splits) => splits.map((v) => format(v)), size: 72 },
        ],
        series: [
          { label: xLabel, value: (_u, i) => (i === null ? '–' : (labels[i] ?? '')) },
          ...series.map((s, i) => ({
            label: s.label,
            stroke: COLOURS[i % COLOURS.length],
            width: 2,
            dash: kind === 'bars' ? (i === 0 ? undefined : [6, 4]) : DASHES[i % DASHES.length],
            fill: kind === 'bars' && i === 0 ? `${COLOURS[0]}cc` : undefined,
            paths: kind === 'bars' && i === 0 ? uPlot.paths.bars!({ size: [0.6, 72] }) : ends && i > 0 ? () => null : undefined,
            points: { show: kind === 'bars' ? i > 0 : labels.length <= 45, size: ends && i > 0 ? 9 : 6, width: ends && i > 0 ? 3 : undefined },
            spanGaps: false,
            value: (_u: uPlot, v: number | null) => (v === null ? '–' : format(v)),
          })),
        ],
      },
      [xs, ...series.map((s) => [...s.values])] as uPlot.AlignedData,
      element,
    );
    // A narrower or wider box (a phone turned, the menu folded) redraws at its width.
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => chart.setSize({ width: widthOf(), height: 220 })) : null;
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      chart.destroy();
    };
  }, [title, labels, series, kind, unit, formatValue, xLabel, ends]);
  return <div ref={box} className="ops-chart ops-insights__chart" aria-hidden="true" />;
}
