import { AxisBottom, AxisLeft, AxisRight } from "@visx/axis";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { type KeyboardEvent, type MouseEvent, useId, useState } from "react";
import { abbreviate, formatAmount } from "../shared/format";
import { useWidth } from "./use-width";

export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS colour. */
  color: string;
  kind: "line" | "bar";
  values: readonly number[];
  /** Drawn against a second scale on the right (a figure of another size, e.g. members beside messages). */
  secondary?: boolean;
}

interface TimeSeriesChartProps {
  /** What the chart shows, for its accessible name (the figures are in the table view). */
  label: string;
  /** Bucket starts (ms), one per value. */
  at: readonly number[];
  series: readonly ChartSeries[];
  /** Labels of a bucket for the axis and the tooltip. */
  axisLabel: (at: number) => string;
  tooltipLabel: (at: number) => string;
  /** Left axis title, e.g. "Members". */
  yLabel: string;
  /** Right axis title, when a series is `secondary`. */
  y2Label?: string;
  height?: number;
}

const baseMargin = { top: 12, right: 12, bottom: 34, left: 52 };
const axisColour = "#78716c";
const tickLabel = { fill: "#a8a29e", fontSize: 11, fontFamily: "inherit" };

/**
 * Bars and lines over time, with axes, grid lines and a tooltip that follows the pointer or the
 * arrow keys (the chart is one tab stop; Home and End jump to the ends). Every drawn value carries
 * `data-series` and `data-value`, so what is drawn can be checked against the table view.
 */
export function TimeSeriesChart({
  label,
  at,
  series,
  axisLabel,
  tooltipLabel,
  yLabel,
  y2Label,
  height = 240,
}: TimeSeriesChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const tooltipId = useId();
  const hasSecondary = series.some((entry) => entry.secondary);
  const margin = hasSecondary ? { ...baseMargin, right: 48 } : baseMargin;
  const innerWidth = Math.max(10, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const indexes = at.map((_, index) => index);

  const all = series.filter((entry) => !entry.secondary).flatMap((entry) => entry.values);
  const max = Math.max(1, ...all);
  const min = Math.min(0, ...all);
  const y2 = scaleLinear<number>({
    domain: [0, Math.max(1, ...series.filter((entry) => entry.secondary).flatMap((entry) => entry.values))],
    range: [innerHeight, 0],
    nice: true,
  });
  const x = scaleBand<number>({ domain: indexes, range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [min, max], range: [innerHeight, 0], nice: true });
  const bars = series.filter((entry) => entry.kind === "bar");
  const barWidth = x.bandwidth() / Math.max(1, bars.length);
  const center = (index: number) => (x(index) ?? 0) + x.bandwidth() / 2;
  // About one label per 80 px, on whole buckets.
  const every = Math.max(1, Math.ceil(at.length / Math.max(2, Math.floor(innerWidth / 80))));
  const tickValues = indexes.filter((index) => (at.length - 1 - index) % every === 0);

  const pick = (event: MouseEvent<HTMLDivElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    const step = innerWidth / Math.max(1, at.length);
    const offset = event.clientX - bounds.left - margin.left;
    if (offset < 0 || offset > innerWidth) return setActive(null);
    setActive(Math.min(at.length - 1, Math.max(0, Math.floor(offset / step))));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = at.length - 1;
    const moves: Record<string, number> = {
      ArrowLeft: Math.max(0, (active ?? last + 1) - 1),
      ArrowRight: Math.min(last, (active ?? -1) + 1),
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  const activeAt = active === null ? undefined : at[active];
  const valueText = (bucket: number, index: number) =>
    `${tooltipLabel(bucket)}: ${series.map((entry) => `${entry.label} ${formatAmount(entry.values[index] ?? 0)}`).join(", ")}`;
  return (
    <div ref={ref} className="relative w-full min-w-0">
      {/* A slider over the buckets: the arrow keys move the tooltip; the Table view lists every figure. */}
      <div
        tabIndex={0}
        role="slider"
        aria-label={`${label}. Arrow keys read each bucket`}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, at.length - 1)}
        aria-valuenow={active ?? 0}
        aria-valuetext={activeAt === undefined ? "None selected" : valueText(activeAt, active ?? 0)}
        aria-describedby={active === null ? undefined : tooltipId}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        onMouseMove={pick}
        onMouseLeave={() => setActive(null)}
        className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ember-400"
      >
        <svg width={width} height={height} aria-hidden="true" data-points={at.length}>
          <Group left={margin.left} top={margin.top}>
            <GridRows scale={y} width={innerWidth} numTicks={4} stroke="rgba(255,255,255,0.06)" />
            {bars.map((entry, barIndex) => (
              <g key={entry.key} data-series={entry.key}>
                {entry.values.map((value, index) => {
                  const top = y(Math.max(0, value));
                  const bottom = y(Math.min(0, value));
                  return (
                    <Bar
                      key={at[index]}
                      data-value={value}
                      x={(x(index) ?? 0) + barIndex * barWidth}
                      y={top}
                      width={Math.max(1, barWidth - (bars.length > 1 ? 1 : 0))}
                      height={Math.max(value === 0 ? 0 : 1, bottom - top)}
                      fill={entry.color}
                      opacity={active === null || active === index ? 0.9 : 0.45}
                      rx={Math.min(2, barWidth / 3)}
                    />
                  );
                })}
              </g>
            ))}
            {series
              .filter((entry) => entry.kind === "line")
              .map((entry) => (
                <g key={entry.key} data-series={entry.key}>
                  <LinePath
                    data={[...entry.values]}
                    x={(_, index) => center(index)}
                    y={(value) => (entry.secondary ? y2 : y)(value)}
                    stroke={entry.color}
                    strokeWidth={2}
                  />
                  {entry.values.map((value, index) => (
                    <circle
                      key={at[index]}
                      data-value={value}
                      cx={center(index)}
                      cy={(entry.secondary ? y2 : y)(value)}
                      r={active === index ? 4 : at.length > 60 ? 0 : 2}
                      fill={entry.color}
                    />
                  ))}
                </g>
              ))}
            {active !== null && (
              <line
                x1={center(active)}
                x2={center(active)}
                y1={0}
                y2={innerHeight}
                stroke="rgba(255,255,255,0.25)"
                strokeDasharray="3 3"
              />
            )}
            <AxisLeft
              scale={y}
              numTicks={4}
              stroke={axisColour}
              tickStroke={axisColour}
              tickFormat={(value) => abbreviate(Number(value))}
              tickLabelProps={() => ({ ...tickLabel, textAnchor: "end", dx: -4, dy: 4 })}
              label={yLabel}
              labelProps={{ ...tickLabel, textAnchor: "middle" }}
              labelOffset={30}
            />
            {hasSecondary && (
              <AxisRight
                left={innerWidth}
                scale={y2}
                numTicks={4}
                stroke={axisColour}
                tickStroke={axisColour}
                tickFormat={(value) => abbreviate(Number(value))}
                tickLabelProps={() => ({ ...tickLabel, textAnchor: "start", dx: 4, dy: 4 })}
                label={y2Label}
                labelProps={{ ...tickLabel, textAnchor: "middle" }}
                labelOffset={24}
              />
            )}
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={tickValues}
              stroke={axisColour}
              tickStroke={axisColour}
              tickFormat={(index) => {
                const bucket = at[Number(index)];
                return bucket === undefined ? "" : axisLabel(bucket);
              }}
              tickLabelProps={() => ({ ...tickLabel, textAnchor: "middle" })}
            />
          </Group>
        </svg>
      </div>
      {active !== null && activeAt !== undefined && (
        <div
          id={tooltipId}
          role="status"
          data-tooltip=""
          className="pointer-events-none absolute top-2 z-10 min-w-36 rounded-lg border border-white/10 bg-ink-950/95 px-3 py-2 text-xs shadow-xl"
          style={
            center(active) + margin.left > width / 2
              ? { right: width - (center(active) + margin.left) + 12 }
              : { left: center(active) + margin.left + 12 }
          }
        >
          <p className="mb-1 font-semibold text-stone-100">{tooltipLabel(activeAt)}</p>
          <dl className="space-y-0.5">
            {series.map((entry) => (
              <div key={entry.key} className="flex items-center justify-between gap-4">
                <dt className="flex items-center gap-1.5 text-stone-400">
                  <span
                    aria-hidden="true"
                    className="size-2 rounded-full"
                    style={{ background: entry.color }}
                  />
                  {entry.label}
                </dt>
                <dd className="font-semibold text-stone-100 tabular-nums">
                  {formatAmount(entry.values[active] ?? 0)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <Legend series={series} />
    </div>
  );
}

export function Legend({
  series,
}: {
  series: readonly Pick<ChartSeries, "key" | "label" | "color" | "kind">[];
}) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-400" aria-hidden="true">
      {series.map((entry) => (
        <li key={entry.key} className="flex items-center gap-1.5">
          <span
            className={entry.kind === "line" ? "h-0.5 w-3 rounded" : "size-2.5 rounded-sm"}
            style={{ background: entry.color }}
          />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
