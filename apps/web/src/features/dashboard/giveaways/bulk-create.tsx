import type { GiveawayTemplate } from "@hearth/core";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { serverFieldError } from "../shared/errors";
import { inputClass } from "../shared/form-controls";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import {
  type BulkCellErrors,
  type BulkRowDraft,
  cellOfServerField,
  maxBulkRows,
  rowFromTemplate,
  validateBulkRows,
} from "./bulk-rows";
import { useBulkCreate } from "./templates-api";

/**
 * Several giveaways at once from a template: a small table (prize, duration, winners, channel), each
 * cell checked as it is typed, one request that creates all of them or none.
 */
export function BulkCreate({
  serverId,
  template,
  onDone,
}: {
  serverId: string;
  template: GiveawayTemplate;
  onDone: () => void;
}) {
  const [rows, setRows] = useState<BulkRowDraft[]>(() => [rowFromTemplate(template)]);
  const [errors, setErrors] = useState<Map<number, BulkCellErrors>>(new Map());
  const [refusal, setRefusal] = useState<string | null>(null);
  const bulk = useBulkCreate(serverId);

  const edit = (key: number, patch: Partial<BulkRowDraft>) => {
    const next = rows.map((row) => (row.key === key ? { ...row, ...patch } : row));
    setRows(next);
    setRefusal(null);
    // Once a cell was shown wrong, its error follows the typing.
    if (errors.size > 0) setErrors(validateBulkRows(next).errors);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateBulkRows(rows);
    setErrors(checked.errors);
    if (!checked.rows) return;
    bulk.mutate(
      { templateId: template.id, rows: checked.rows },
      {
        onSuccess: onDone,
        onError: (error) => {
          const found = serverFieldError(error);
          const cell = cellOfServerField(found?.field, rows);
          if (cell) {
            setErrors(new Map([[cell.key, { [cell.cell]: found?.message ?? "Not accepted" }]]));
          } else {
            setRefusal(found ? found.message : "No giveaways were created.");
          }
        },
      },
    );
  };

  const cellClass = (error: string | undefined) => cn(inputClass, error && "border-red-400/60");
  return (
    <form onSubmit={submit} noValidate aria-label={`Bulk create from ${template.name}`} className="space-y-3">
      <p className="text-sm text-stone-400">
        Each row is one giveaway with the template's other settings. Every row is checked before anything is
        posted: all are created, or none.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] border-separate border-spacing-y-1 text-sm">
          <caption className="sr-only">Giveaways to create from {template.name}</caption>
          <thead>
            <tr className="text-left text-xs font-semibold text-stone-400">
              <th scope="col" className="w-8">
                #
              </th>
              <th scope="col">Prize</th>
              <th scope="col" className="w-28">
                Duration
              </th>
              <th scope="col" className="w-24">
                Winners
              </th>
              <th scope="col">Channel</th>
              <th scope="col" className="w-10">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const cell = errors.get(row.key) ?? {};
              const n = index + 1;
              const errorId = (name: string) => `bulk-${row.key}-${name}`;
              const describe = (name: keyof BulkCellErrors) =>
                cell[name] ? { "aria-invalid": true as const, "aria-describedby": errorId(name) } : {};
              const message = (name: keyof BulkCellErrors) =>
                cell[name] ? (
                  <p id={errorId(name)} role="alert" className="mt-1 text-xs text-red-300">
                    {cell[name]}
                  </p>
                ) : null;
              return (
                <tr key={row.key} className="align-top">
                  <td className="pt-2.5 text-stone-400 tabular-nums">{n}</td>
                  <td className="pr-2">
                    <input
                      aria-label={`Prize of row ${n}`}
                      className={cellClass(cell.prize)}
                      maxLength={256}
                      value={row.prize}
                      onChange={(event) => edit(row.key, { prize: event.target.value })}
                      {...describe("prize")}
                    />
                    {message("prize")}
                  </td>
                  <td className="pr-2">
                    <input
                      aria-label={`Duration of row ${n}`}
                      className={cellClass(cell.duration)}
                      placeholder="1d"
                      value={row.duration}
                      onChange={(event) => edit(row.key, { duration: event.target.value })}
                      {...describe("duration")}
                    />
                    {message("duration")}
                  </td>
                  <td className="pr-2">
                    <input
                      aria-label={`Winners of row ${n}`}
                      type="number"
                      min={1}
                      max={50}
                      className={cellClass(cell.winners)}
                      value={row.winners}
                      onChange={(event) => edit(row.key, { winners: event.target.value })}
                      {...describe("winners")}
                    />
                    {message("winners")}
                  </td>
                  <td className="pr-2">
                    <ChannelPicker
                      label={`Channel of row ${n}`}
                      hideLabel
                      placeholder="Select a channel"
                      required
                      error={cell.channelId}
                      value={row.channelId || null}
                      onChange={(channelId) => edit(row.key, { channelId: channelId ?? "" })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className={cn(buttonClass("ghost"), "h-10 px-2")}
                      aria-label={`Remove row ${n}`}
                      disabled={rows.length === 1}
                      onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {refusal && (
        <p
          role="alert"
          className="rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200"
        >
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          className={buttonClass("secondary")}
          disabled={rows.length >= maxBulkRows}
          onClick={() => {
            const last = rows.at(-1);
            const fresh = rowFromTemplate(template);
            setRows([...rows, last ? { ...last, key: fresh.key } : fresh]);
          }}
        >
          Add row
        </button>
        <span className="text-xs text-stone-400">
          {rows.length} of {maxBulkRows} rows
        </span>
        <div className="flex gap-2">
          <button type="button" className={buttonClass("ghost")} onClick={onDone}>
            Cancel
          </button>
          <button type="submit" className={buttonClass("primary")} disabled={bulk.isPending}>
            {bulk.isPending ? "Creating…" : `Create ${rows.length} giveaway${rows.length === 1 ? "" : "s"}`}
          </button>
        </div>
      </div>
    </form>
  );
}
