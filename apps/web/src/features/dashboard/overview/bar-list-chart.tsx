import { AxisBottom, AxisLeft } from "@visx/axis";
import { GridColumns } from "@visx/grid";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { abbreviate, formatAmount } from "../shared/format";
import { useWidth } from "./use-width";

export interface BarItem {
  key: string;
  label: string;
  value: number;
}

interface BarListChartProps {
  label: string;
  items: readonly BarItem[];
  /** The value axis's title, e.g. "Uses". */
  valueLabel: string;
  color: string;
}

const margin = { top: 4, right: 16, bottom: 32, left: 132 };
const rowHeight = 26;
const axisColour = "#78716c";
const tickLabel = { fill: "#a8a29e", fontSize: 11, fontFamily: "inherit" };

/** Cuts a label to fit the left axis. */
function fit(label: string, max = 20): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/**
 * Horizontal bars, most first, with a category axis and a value axis; each bar is focusable and
 * names its figure (`<title>` and the tooltip), and carries `data-value` for checks against the table.
 */
export function BarListChart({ label, items, valueLabel, color }: BarListChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const height = margin.top + margin.bottom + Math.max(1, items.length) * rowHeight;
  const innerWidth = Math.max(10, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleLinear<number>({
    domain: [0, Math.max(1, ...items.map((item) => item.value))],
    range: [0, innerWidth],
    nice: true,
  });
  const y = scaleBand<string>({
    domain: items.map((item) => item.key),
    range: [0, innerHeight],
    padding: 0.25,
  });
  const labels = new Map(items.map((item) => [item.key, item.label]));
  return (
    <div ref={ref} className="relative w-full min-w-0">
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={`${label}: ${items
          .slice(0, 3)
          .map((item) => `${item.label} ${formatAmount(item.value)}`)
          .join(", ")}${items.length > 3 ? "…" : ""}`}
      >
        <Group left={margin.left} top={margin.top}>
          <GridColumns scale={x} height={innerHeight} numTicks={4} stroke="rgba(255,255,255,0.06)" />
          {items.map((item) => (
            <g key={item.key} className="[&:hover>rect]:opacity-100">
              <title>{`${item.label}: ${formatAmount(item.value)} ${valueLabel.toLowerCase()}`}</title>
              <Bar
                data-value={item.value}
                x={0}
                y={y(item.key) ?? 0}
                width={Math.max(item.value > 0 ? 2 : 0, x(item.value))}
                height={y.bandwidth()}
                fill={color}
                opacity={0.85}
                rx={3}
              />
              <text
                x={Math.min(innerWidth - 4, x(item.value) + 6)}
                y={(y(item.key) ?? 0) + y.bandwidth() / 2 + 4}
                fill="#e7e5e4"
                fontSize={11}
                textAnchor={x(item.value) + 6 > innerWidth - 40 ? "end" : "start"}
              >
                {formatAmount(item.value)}
              </text>
            </g>
          ))}
          <AxisLeft
            scale={y}
            stroke={axisColour}
            tickStroke={axisColour}
            tickFormat={(key) => fit(labels.get(String(key)) ?? String(key))}
            tickLabelProps={() => ({ ...tickLabel, textAnchor: "end", dx: -4, dy: 4 })}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            numTicks={4}
            stroke={axisColour}
            tickStroke={axisColour}
            tickFormat={(value) => abbreviate(Number(value))}
            tickLabelProps={() => ({ ...tickLabel, textAnchor: "middle" })}
            label={valueLabel}
            labelProps={{ ...tickLabel, textAnchor: "middle" }}
            labelOffset={12}
          />
        </Group>
      </svg>
    </div>
  );
}
