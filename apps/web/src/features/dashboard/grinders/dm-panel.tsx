import { dmMessageMax } from "@hearth/core";
import { lazy, Suspense, useId, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { useConfirm } from "../shared/confirm";
import { MailIcon } from "../shared/icons";
import { MarkupTextarea } from "../shared/pickers/markup-textarea";
import { PreviewFallback } from "../shared/preview-fallback";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { type DmTarget, useDmGrinders, useDmProgress } from "./api";

// The preview's Discord renderer loads with the panel, not with the dashboard's first page.
const DmPreview = lazy(() => import("./dm-preview").then((module) => ({ default: module.DmPreview })));

const buttons: { target: DmTarget; label: string; who: string }[] = [
  { target: "paid", label: "DM Paid Members", who: "paid grinder" },
  { target: "unpaid", label: "DM Unpaid Members", who: "unpaid grinder" },
  { target: "all", label: "DM All Members", who: "grinder" },
];

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

export const BLANK_DM_MESSAGE = "Write a message first";

/** Message Management: one text, three audiences; "all" really reaches paid and unpaid grinders. */
export function DmPanel({
  serverId,
  counts,
  recipientOf,
}: {
  serverId: string;
  /** How many each button reaches; null while the roster loads (the buttons wait, nothing is claimed). */
  counts: Record<DmTarget, number> | null;
  /** One member a broadcast to `target` reaches, for "See it in the sandbox". */
  recipientOf?: (target: DmTarget) => string | undefined;
}) {
  const id = useId();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const dm = useDmGrinders(serverId);
  const confirm = useConfirm();
  const progress = useDmProgress(serverId, dm.isPending);
  const live = dm.isPending && progress.data?.running ? progress.data : null;

  // A confirmation naming how many people get the DM, then the counts as it goes.
  const send = async (target: DmTarget, who: string) => {
    if (!message.trim()) {
      setError(BLANK_DM_MESSAGE);
      return;
    }
    setError(null);
    if (!counts) return;
    const count = counts[target];
    const agreed = await confirm({
      title: `DM ${plural(count, who)}?`,
      body: `Hearth sends your message to ${plural(count, who)}, one at a time (about 4 a second). Members with DMs closed are counted as failed.`,
      confirmLabel: `Send to ${plural(count, who)}`,
    });
    // Cleared once sent, unless the next message is already being written.
    if (agreed)
      dm.mutate(
        { target, message: message.trim() },
        { onSuccess: () => setMessage((current) => (current === message ? "" : current)) },
      );
  };

  return (
    <div className="space-y-3">
      <MarkupTextarea
        label="Message"
        error={error}
        hint="Type # for a channel, @ for a member or role."
        aside={
          <span className={cn("tabular-nums", message.length > dmMessageMax && "text-red-300")}>
            {message.length}/{dmMessageMax}
          </span>
        }
        rows={4}
        maxLength={dmMessageMax}
        value={message}
        placeholder="Payments are due Sunday. Post your receipt in #payments."
        onChange={(next) => {
          setMessage(next);
          if (error) setError(null);
        }}
      />
      <Suspense fallback={<PreviewFallback caption="Preview — the DM each grinder gets" />}>
        <DmPreview serverId={serverId} message={message} />
      </Suspense>
      <div className="flex flex-wrap gap-2">
        {buttons.map(({ target, label, who }) => (
          <button
            key={target}
            type="button"
            disabled={dm.isPending || !counts || counts[target] === 0}
            aria-describedby={counts?.[target] === 0 ? `${id}-none-${target}` : undefined}
            onClick={() => void send(target, who)}
            className={buttonClass(target === "all" ? "primary" : "secondary", "sm")}
          >
            <MailIcon className="size-4" />
            {dm.isPending && dm.variables?.target === target ? "Sending…" : label}
            <span className="rounded-full bg-black/20 px-1.5 text-xs tabular-nums">
              {counts ? counts[target] : "…"}
            </span>
          </button>
        ))}
        {dm.isSuccess && dm.variables && (
          <SeeInSandbox dmTo={recipientOf?.(dm.variables.target)} className="self-center" />
        )}
      </div>
      {/* A disabled button says why. */}
      {buttons
        .filter(({ target }) => counts?.[target] === 0)
        .map(({ target, who }) => (
          <p key={target} id={`${id}-none-${target}`} className="text-xs text-stone-400">
            No {who}s to message: {target === "all" ? "hire some first" : `nobody is ${target} this period`}.
          </p>
        ))}
      <p role="status" aria-live="polite" className="text-sm text-stone-300 empty:hidden">
        {dm.isPending
          ? live
            ? `Sending… ${live.sent} of ${live.total} sent${live.failed > 0 ? `, ${live.failed} failed` : ""}`
            : "Sending…"
          : ""}
      </p>
    </div>
  );
}
