import { type MarketImportPlan, type MarketItemView, marketImportMaxBytes } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { Card, SubHeading } from "../shared/card";
import { useConfirm } from "../shared/confirm";
import { serverMessage } from "../shared/errors";
import { Field, inputClass, textareaClass } from "../shared/form-controls";
import { CoinsIcon, PlusIcon, TrashIcon } from "../shared/icons";
import { EmptyState, PanelError, PanelLoading } from "../shared/panel-state";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useToast } from "../toasts/toast-context";
import { exportCsv, marketQuery, useImport, useRemoveItem, useSaveItem } from "./api";

/** Whole coins with separators: 1500000 → "1,500,000". */
export const coins = (digits: string) => BigInt(digits).toLocaleString("en-US");

/** The API's refusal, and the field it names (`item`, `price`, `file`). */
function refusal(error: unknown): { field: string | null; message: string } | null {
  if (!error) return null;
  return {
    field: error instanceof ApiError ? error.field : null,
    message: serverMessage(error) ?? "Not saved.",
  };
}

function ItemForm({
  serverId,
  editing,
  onDone,
}: {
  serverId: string;
  /** The item whose price is being changed; null: a new item. */
  editing: MarketItemView | null;
  onDone: () => void;
}) {
  const [name, setName] = useState(editing?.name ?? "");
  const [price, setPrice] = useState(editing ? editing.price : "");
  const [errors, setErrors] = useState<{ item?: string; price?: string }>({});
  const save = useSaveItem(serverId);
  useUnsavedChanges(!save.isSuccess && (name !== (editing?.name ?? "") || price !== (editing?.price ?? "")));
  const refused = refusal(save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (name.trim() === "" || name.trim().length > 60) problems.item = "Item names are 1 to 60 characters.";
    if (price.trim() === "") problems.price = "Enter a price, e.g. 1500000 or 1.5m.";
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate({ name, price }, { onSuccess: onDone });
  };
  const label = editing ? `Edit ${editing.name}` : "Add an item";
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={label}
      className="grid gap-3 sm:grid-cols-[1fr_12rem_auto]"
    >
      <Field label="Item" error={errors.item ?? (refused?.field === "item" ? refused.message : undefined)}>
        {(control) => (
          <input
            {...control}
            className={inputClass}
            autoComplete="off"
            placeholder="Gold Bar"
            value={name}
            readOnly={editing !== null}
            onChange={(event) => {
              setName(event.target.value);
              setErrors({});
              save.reset();
            }}
          />
        )}
      </Field>
      <Field
        label="Price"
        error={errors.price ?? (refused?.field === "price" ? refused.message : undefined)}
        hint="Whole coins: 1500000, 1.5m, 2k*3."
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            autoComplete="off"
            placeholder="1.5m"
            value={price}
            onChange={(event) => {
              setPrice(event.target.value);
              setErrors({});
              save.reset();
            }}
          />
        )}
      </Field>
      <div className="flex items-start gap-2 sm:pt-7">
        {editing && (
          <button type="button" className={buttonClass("ghost")} onClick={onDone}>
            Cancel
          </button>
        )}
        <button type="submit" className={buttonClass("primary")} disabled={save.isPending}>
          {editing ? "Save" : <PlusIcon className="size-4" />}
          {editing ? null : "Add"}
        </button>
      </div>
      {refused && refused.field !== "item" && refused.field !== "price" && (
        <p role="alert" className="text-sm text-red-300 sm:col-span-3">
          {refused.message}
        </p>
      )}
    </form>
  );
}

function PriceList({ serverId, canEdit }: { serverId: string; canEdit: boolean }) {
  const list = useQuery(marketQuery(serverId));
  const remove = useRemoveItem(serverId);
  const confirm = useConfirm();
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<MarketItemView | null>(null);

  if (list.isError && !list.data)
    return (
      <PanelError
        message="Failed to load the price list."
        onRetry={() => void list.refetch()}
        error={list.error}
      />
    );
  if (!list.data) return <PanelLoading label="Loading the price list" rows={4} />;
  const { items, cap } = list.data;
  const wanted = search.trim().toLowerCase();
  const shown = wanted ? items.filter((item) => item.name.toLowerCase().includes(wanted)) : items;
  const ask = async (item: MarketItemView) => {
    const yes = await confirm({
      title: `Remove ${item.name}?`,
      body: "Members can no longer look up its price or use it in trade checks.",
      confirmLabel: "Remove Item",
      destructive: true,
    });
    if (yes) remove.mutate(item);
  };

  return (
    <div className="space-y-4">
      {canEdit &&
        (editing ? (
          <ItemForm key={editing.key} serverId={serverId} editing={editing} onDone={() => setEditing(null)} />
        ) : (
          <ItemForm key="new" serverId={serverId} editing={null} onDone={() => undefined} />
        ))}
      {items.length === 0 ? (
        <EmptyState title="The price list is empty" icon={<CoinsIcon className="size-5" />}>
          Add items above or import a CSV file below. Members then ask prices with /market price.
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <Field label="Search" className="w-full max-w-xs">
              {(control) => (
                <input
                  {...control}
                  type="search"
                  className={inputClass}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              )}
            </Field>
            <p className="text-sm text-stone-400">
              {items.length} of {cap} items
            </p>
          </div>
          {shown.length === 0 ? (
            <p className="py-4 text-center text-sm text-stone-400">No item matches “{search.trim()}”.</p>
          ) : (
            <ul aria-label="Price list" className="divide-y divide-white/[0.06]">
              {shown.map((item) => (
                <li key={item.key} className="flex flex-wrap items-center gap-3 py-2">
                  <span className="min-w-0 flex-1 break-words text-sm font-medium text-stone-100">
                    {item.name}
                  </span>
                  <span className="text-sm tabular-nums text-ember-200">{coins(item.price)}</span>
                  <span className="flex gap-1">
                    <button
                      type="button"
                      className={buttonClass("secondary", "sm")}
                      disabled={!canEdit}
                      onClick={() => setEditing(item)}
                      aria-label={`Edit the price of ${item.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className={buttonClass("ghost", "sm")}
                      disabled={!canEdit || (remove.isPending && remove.variables?.key === item.key)}
                      onClick={() => void ask(item)}
                      aria-label={`Remove ${item.name}`}
                    >
                      <TrashIcon className="size-4" />
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function PlanList({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <details open={count > 0 && count <= 20} className="rounded-xl border border-white/[0.08] px-4 py-2">
      <summary className="cursor-pointer text-sm font-semibold text-stone-100">
        {title} ({count})
      </summary>
      {count > 0 && (
        <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto text-sm text-stone-300">{children}</ul>
      )}
    </details>
  );
}

function PlanView({ plan }: { plan: MarketImportPlan }) {
  return (
    <section
      aria-label={plan.applied ? "What the import changed" : "What the import would change"}
      className="space-y-2"
    >
      <SubHeading>{plan.applied ? "Imported" : "Dry run: nothing has changed yet"}</SubHeading>
      <p className="text-sm text-stone-400">
        {plan.unchanged} unchanged · the list would have {plan.total} items
        {plan.overCap && (
          <strong className="text-red-300"> — over the server's cap, so it can't be imported</strong>
        )}
      </p>
      <PlanList title="Invalid lines" count={plan.invalid.length}>
        {plan.invalid.map((bad) => (
          <li key={bad.line} className="text-red-200">
            Line {bad.line}: <code className="break-all">{bad.text}</code> — {bad.reason}
          </li>
        ))}
      </PlanList>
      <PlanList title="Added" count={plan.added.length}>
        {plan.added.map((item) => (
          <li key={item.name}>
            {item.name}: {coins(item.price)}
          </li>
        ))}
      </PlanList>
      <PlanList title="Changed" count={plan.changed.length}>
        {plan.changed.map((item) => (
          <li key={item.name}>
            {item.name}: {coins(item.from)} → {coins(item.to)}
          </li>
        ))}
      </PlanList>
      <PlanList title="Removed" count={plan.removed.length}>
        {plan.removed.map((item) => (
          <li key={item.name}>
            {item.name}: {coins(item.price)}
          </li>
        ))}
      </PlanList>
    </section>
  );
}

function ImportExport({ serverId, canEdit }: { serverId: string; canEdit: boolean }) {
  const [csv, setCsv] = useState("");
  const [replace, setReplace] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const run = useImport(serverId);
  const toast = useToast();
  const plan = run.data;
  const checked = plan && !plan.applied ? plan : null;
  useUnsavedChanges(csv.trim() !== "" && !plan?.applied);
  const refused = refusal(run.error);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(null);
    run.reset();
    if (!file) return;
    if (file.size > marketImportMaxBytes) {
      setFileError("The file is over 256 KB.");
      return;
    }
    setCsv(await file.text());
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    if (csv.trim() === "") {
      setFileError("Choose a CSV file or paste item,price lines.");
      return;
    }
    run.mutate({ body: { csv, replace }, apply: false });
  };
  const download = async () => {
    try {
      const { csv: text, count } = await exportCsv(serverId);
      const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = "price-list.csv";
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.success(`Exported ${count} items`);
    } catch (error) {
      toast.error("Failed to export the price list", serverMessage(error));
    }
  };
  const blocked = checked ? checked.invalid.length > 0 || checked.overCap : true;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-400">
          The list as a spreadsheet file (<code>item,price</code>), the same file as /market export.
        </p>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void download()}>
          Export CSV
        </button>
      </div>
      <form
        onSubmit={check}
        noValidate
        aria-label="Import a CSV"
        className="space-y-3 border-t border-white/[0.06] pt-4"
      >
        <Field
          label="CSV file"
          error={
            fileError ?? (refused?.field === "file" || refused?.field === "csv" ? refused.message : null)
          }
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.txt,text/csv"
              className="block text-sm text-stone-300 file:mr-3 file:rounded-lg file:border-0 file:bg-white/10 file:px-3 file:py-2 file:text-stone-100"
              onChange={(event) => void readFile(event)}
            />
          )}
        </Field>
        <Field label="Or paste the lines" hint="One item,price per line; a header line is skipped.">
          {(control) => (
            <textarea
              {...control}
              rows={4}
              className={cn(textareaClass, "font-mono")}
              placeholder={"item,price\nGold Bar,1.5m"}
              value={csv}
              onChange={(event) => {
                setCsv(event.target.value);
                setFileError(null);
                run.reset();
              }}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm text-stone-300">
          <input
            type="checkbox"
            checked={replace}
            onChange={(event) => {
              setReplace(event.target.checked);
              run.reset();
            }}
          />
          Remove the items the file doesn't list (replace the whole list)
        </label>
        {refused && refused.field !== "file" && refused.field !== "csv" && (
          <p role="alert" className="text-sm text-red-300">
            {refused.message}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="submit" className={buttonClass("secondary")} disabled={run.isPending}>
            Check File
          </button>
          <button
            type="button"
            className={buttonClass("primary")}
            disabled={!canEdit || blocked || run.isPending}
            title={!canEdit ? "Importing needs the admin permission" : undefined}
            onClick={() => run.mutate({ body: { csv, replace }, apply: true })}
          >
            Apply Import
          </button>
        </div>
        {!checked && !plan && (
          <p className="text-right text-xs text-stone-400">Check the file first to see what changes.</p>
        )}
      </form>
      {plan && <PlanView plan={plan} />}
    </div>
  );
}

/** The market price list: items, their prices, and CSV import (with a dry run) and export. */
export default function MarketPage() {
  const { serverId } = useDashboardSession();
  const { can } = usePermission();
  const canEdit = can("admin");
  return (
    <div className="space-y-6">
      {!canEdit && (
        <p
          role="note"
          className="rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
        >
          The price list is read-only for your token: changing it needs the admin permission. You can still
          check a file to see what it would change.
        </p>
      )}
      <Card
        title="Price list"
        description="What /market price answers and trade checks count with."
        icon={<CoinsIcon />}
      >
        <PriceList serverId={serverId} canEdit={canEdit} />
      </Card>
      <Card title="Import and export">
        <ImportExport serverId={serverId} canEdit={canEdit} />
      </Card>
    </div>
  );
}
