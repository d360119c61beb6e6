import { sendable } from "../payload-rules/message-limits.ts";
import {
  DiscordError,
  type DiscordPort,
  type OutgoingMessage,
  type SentMessage,
  type UserInfo,
} from "../port/port.ts";
import type { SandboxContext } from "./context.ts";
import { storeMessage } from "./messages.ts";
import { record } from "./outbox.ts";
import { toUser } from "./rows.ts";

// The sandbox's users, and the direct messages the bot sends them.

async function loadUser(context: SandboxContext, userId: string): Promise<UserInfo | null> {
  const row = await context.db
    .selectFrom("sandbox_users")
    .selectAll()
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

/** The port's user calls over the sandbox's tables, for the directory to assemble with the other parts. */
export function usersPart(context: SandboxContext) {
  return {
    /** The user as last read, if it still is; undefined when only a read can tell. */
    peekUser(userId: string): UserInfo | null | undefined {
      return context.users.get(userId);
    },
    getUser(userId: string): Promise<UserInfo | null> {
      return context.users.getOrLoad(userId, () => loadUser(context, userId));
    },
    async sendDirectMessage(userId: string, unchecked: OutgoingMessage): Promise<SentMessage> {
      const message = sendable(unchecked, { allowDataImages: true });
      const user = await context.db
        .selectFrom("sandbox_users")
        .selectAll()
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) throw new DiscordError("unknown_user", `Unknown user ${userId}`);
      if (user.dm_open !== 1 || user.bot === 1) {
        throw new DiscordError("dm_closed", `User ${userId} does not accept direct messages`);
      }
      const channelId = `dm-${userId}`;
      const id = await storeMessage(context, channelId, null, message);
      await record(context, null, "dm.send", { userId, messageId: id, message });
      return { id, channelId };
    },
  } satisfies Partial<DiscordPort>;
}
