import { cn } from "../../../lib/cn";
import { useSandboxMode } from "../../../lib/use-sandbox-mode";

/**
 * "See it in the sandbox": after an action that posts something (a giveaway, a welcome test, a
 * timer, a DM), opens what the bot posted in the playground, in a new tab. Only in sandbox mode.
 */
export function SeeInSandbox({
  channelId,
  dmTo,
  className,
}: {
  /** The channel the bot posted in. */
  channelId?: string | null;
  /** The member who got the bot's direct message (opens their DM view, as them). */
  dmTo?: string | null;
  className?: string;
}) {
  const sandbox = useSandboxMode();
  if (!sandbox || (!channelId && !dmTo)) return null;
  const params = new URLSearchParams(dmTo ? { as: dmTo, channel: "dm" } : { channel: channelId ?? "" });
  return (
    <a
      href={`/sandbox?${params}`}
      target="_blank"
      rel="noopener"
      className={cn(
        "inline-flex items-center gap-1 text-sm font-semibold text-ember-300 hover:text-ember-200 hover:underline",
        className,
      )}
    >
      See it in the sandbox <span aria-hidden="true">↗</span>
      <span className="sr-only">(opens a new tab)</span>
    </a>
  );
}
