import type { InsightsHeatmap } from "@hearth/core";
import { formatAmount } from "../shared/format";

const hours = Array.from({ length: 24 }, (_, hour) => hour);
const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** A channel's label: its name, or the end of its id when Discord didn't say. */
export function channelLabel(channel: { channelId: string; name: string | null }): string {
  return channel.name ? `#${channel.name}` : `#…${channel.channelId.slice(-6)}`;
}

/**
 * The busiest channels (rows) by hour of the day (columns, UTC) over the last 7 days, under an
 * "All channels" row; the stronger the colour, the busier. It is a real table: every cell holds its
 * count (read by screen readers, shown on hover).
 */
export function HeatmapChart({ data }: { data: InsightsHeatmap }) {
  const rows = [
    { key: "all", label: "All channels", cells: data.hours },
    ...data.channels.map((channel, index) => ({
      key: channel.channelId,
      label: channelLabel(channel),
      cells: data.cells[index] ?? [],
    })),
  ];
  const channelMax = Math.max(1, ...data.cells.flat());
  const allMax = Math.max(1, ...data.hours);
  return (
    <div>
      <table className="w-full table-fixed border-separate border-spacing-px text-[10px] sm:text-[11px]">
        <caption className="sr-only">Messages by channel and hour of the day, last 7 days (UTC)</caption>
        <thead>
          <tr>
            <th scope="col" className="w-20 text-left font-normal text-stone-400 sm:w-28">
              UTC hour
            </th>
            {hours.map((hour) => (
              <th key={hour} scope="col" className="text-center font-normal text-stone-400 tabular-nums">
                <span className={hour % 3 === 0 ? undefined : "sr-only"}>
                  {String(hour).padStart(2, "0")}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const top = row.key === "all" ? allMax : channelMax;
            return (
              <tr key={row.key} data-row={row.key}>
                <th
                  scope="row"
                  className="truncate pr-2 text-left font-normal text-stone-300"
                  title={row.label}
                >
                  {row.label}
                </th>
                {hours.map((hour) => {
                  const value = row.cells[hour] ?? 0;
                  return (
                    <td
                      key={hour}
                      data-value={value}
                      title={`${row.label}, ${hourText(hour)}–${hourText((hour + 1) % 24)} UTC: ${formatAmount(value)} messages`}
                      className="h-6 rounded-sm p-0"
                      style={{
                        background:
                          value === 0
                            ? "rgba(255,255,255,0.04)"
                            : `rgba(249,115,22,${0.15 + (value / top) * 0.85})`,
                      }}
                    >
                      <span className="sr-only">{formatAmount(value)}</span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mt-3 flex items-center gap-2 text-xs text-stone-400" aria-hidden="true">
        <span>Fewer</span>
        {[0.15, 0.35, 0.55, 0.75, 1].map((alpha) => (
          <span
            key={alpha}
            className="size-3 rounded-sm"
            style={{ background: `rgba(249,115,22,${alpha})` }}
          />
        ))}
        <span>More messages</span>
      </div>
    </div>
  );
}
