import { dmMessageMax } from "@hearth/core";
import { useId, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { textareaClass } from "../shared/form-controls";
import { MailIcon } from "../shared/icons";
import { type DmTarget, useDmGrinders } from "./api";

const buttons: { target: DmTarget; label: string }[] = [
  { target: "paid", label: "DM Paid Members" },
  { target: "unpaid", label: "DM Unpaid Members" },
  { target: "all", label: "DM All Members" },
];

export const BLANK_DM_MESSAGE = "Write a message first";

/** Message Management: one text, three audiences; "all" really reaches paid and unpaid grinders. */
export function DmPanel({ serverId, counts }: { serverId: string; counts: Record<DmTarget, number> }) {
  const id = useId();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const dm = useDmGrinders(serverId);

  const send = (target: DmTarget) => {
    if (!message.trim()) {
      setError(BLANK_DM_MESSAGE);
      return;
    }
    setError(null);
    dm.mutate({ target, message: message.trim() }, { onSuccess: () => setMessage("") });
  };

  return (
    <div className="space-y-3">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium text-stone-200">
          Message
        </label>
        <span
          className={cn(
            "text-xs tabular-nums",
            message.length > dmMessageMax ? "text-red-300" : "text-stone-400",
          )}
        >
          {message.length}/{dmMessageMax}
        </span>
      </div>
      <textarea
        id={id}
        rows={4}
        maxLength={dmMessageMax}
        value={message}
        placeholder="Payments are due Sunday. Post your receipt in #payments."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setMessage(event.target.value);
          if (error) setError(null);
        }}
        className={textareaClass}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {buttons.map(({ target, label }) => (
          <button
            key={target}
            type="button"
            disabled={dm.isPending}
            onClick={() => send(target)}
            className={buttonClass(target === "all" ? "primary" : "secondary", "sm")}
          >
            <MailIcon className="size-4" />
            {dm.isPending && dm.variables?.target === target ? "Sending…" : label}
            <span className="rounded-full bg-black/20 px-1.5 text-xs tabular-nums">{counts[target]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
