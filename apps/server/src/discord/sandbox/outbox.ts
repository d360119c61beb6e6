import type { ApplicationCommandDefinition, DiscordPort } from "../port/port.ts";
import type { SandboxContext } from "./context.ts";

/**
 * Every outgoing action of the sandbox is recorded in `sandbox_outbox` and logged, so the dashboard
 * shows real effects and tests can assert on them.
 */
export async function record(
  context: SandboxContext,
  guildId: string | null,
  action: string,
  payload: object,
): Promise<void> {
  await context.db
    .insertInto("sandbox_outbox")
    .values({ guild_id: guildId, action, payload: JSON.stringify(payload), created_at: Date.now() })
    .execute();
  context.logger.info({ sandbox: action, guildId }, `sandbox: ${action}`);
  context.changes.notify(guildId);
}

/** The port's command registration in the sandbox (recorded in its outbox), for the directory to assemble with the other parts. */
export function outboxPart(context: SandboxContext) {
  return {
    /** The sandbox has no command list to replace: registering is only recorded. */
    async registerCommands(commands: ApplicationCommandDefinition[], guildId?: string): Promise<void> {
      await record(context, guildId ?? null, "commands.register", {
        count: commands.length,
        names: commands.map((c) => c.name),
      });
    },
  } satisfies Partial<DiscordPort>;
}
