import { type ReactNode, useId, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { Card } from "../shared/card";
import { downloadCsv, toCsv } from "./insights-csv";

/** A chart's numbers as a table: the same figures the chart draws, for screen readers and the CSV. */
export interface ChartTable {
  caption: string;
  headers: string[];
  rows: (string | number)[][];
}

interface ChartCardProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** The file name of the CSV download, without `.csv`. */
  filename: string;
  table: ChartTable;
  /** What the chart shows when there is nothing to draw. */
  empty?: string | null;
  children: ReactNode;
  className?: string;
}

/**
 * A chart's panel: the chart, or (with the Table switch) a table of the same numbers, and a CSV
 * download of them. The chart is drawn for sighted users; the table is the accessible form.
 */
export function ChartCard({
  title,
  description,
  icon,
  filename,
  table,
  empty,
  children,
  className,
}: ChartCardProps) {
  const [view, setView] = useState<"chart" | "table">("chart");
  // Both switches control the panel below, which shows the chart or the table.
  const viewId = useId();
  const toggle = (
    <fieldset className="flex rounded-lg border border-white/10 p-0.5">
      <legend className="sr-only">{`${title}: view`}</legend>
      {(["chart", "table"] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          aria-controls={viewId}
          onClick={() => setView(option)}
          className={cn(
            "rounded-md px-2.5 py-1 text-xs font-semibold capitalize",
            view === option ? "bg-white/10 text-stone-50" : "text-stone-400 hover:text-stone-200",
          )}
        >
          {option}
        </button>
      ))}
    </fieldset>
  );
  return (
    <Card
      title={title}
      description={description}
      icon={icon}
      className={cn("min-w-0", className)}
      actions={
        <>
          {toggle}
          <button
            type="button"
            className={buttonClass("ghost", "sm")}
            onClick={() => downloadCsv(`${filename}.csv`, toCsv(table.headers, table.rows))}
            disabled={table.rows.length === 0}
          >
            Download CSV
          </button>
        </>
      }
    >
      <div id={viewId} data-chart={filename}>
        {view === "table" ? (
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable to scroll with the keyboard
            tabIndex={0}
            aria-label={`${title}: table`}
            className="max-h-80 overflow-auto rounded-lg border border-white/[0.06]"
          >
            <table className="w-full text-left text-sm tabular-nums">
              <caption className="sr-only">{table.caption}</caption>
              <thead className="sticky top-0 bg-ink-900 text-xs text-stone-400 uppercase">
                <tr>
                  {table.headers.map((header) => (
                    <th key={header} scope="col" className="px-3 py-2 font-semibold">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])} className="border-t border-white/[0.05]">
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <th
                          key={table.headers[index]}
                          scope="row"
                          className="px-3 py-1.5 font-medium text-stone-200"
                        >
                          {cell}
                        </th>
                      ) : (
                        <td key={table.headers[index]} className="px-3 py-1.5 text-stone-300">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : empty ? (
          <p className="flex h-40 items-center justify-center text-sm text-stone-400">{empty}</p>
        ) : (
          children
        )}
      </div>
    </Card>
  );
}
