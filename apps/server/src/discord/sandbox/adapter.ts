import type { PresenceEvent } from "../port/events.ts";
import type {
  Attachment,
  Embed,
  EmojiInfo,
  MemberInfo,
  RoleChanges,
  RoleInfo,
  SentMessage,
} from "../port/port.ts";
import type { InviteInfo } from "../port/port-types.ts";
import { SandboxDirectory } from "./directory.ts";
import type { SandboxInteractionResponse } from "./interaction-answers.ts";
import * as invites from "./invites.ts";
import type {
  SimulatedButton,
  SimulatedCommand,
  SimulatedModal,
  SimulatedSelect,
} from "./simulate-interactions.ts";
import * as interactions from "./simulate-interactions.ts";
import * as messages from "./simulate-messages.ts";
import * as server from "./simulate-server.ts";
import * as views from "./views.ts";

/**
 * Discord without Discord: guilds, channels, roles and members live in `sandbox_*` tables (seeded
 * with a demo server), and every outgoing action is applied there, recorded in `sandbox_outbox`
 * and logged, so the dashboard shows real effects and tests can assert on them. The port itself is
 * `SandboxDirectory`; this class adds what Discord's gateway would deliver: the bot's start, and
 * the `simulate…` methods (members posting, reacting, clicking, submitting forms; admins editing
 * roles and channels) that tests and the sandbox UI use. Each kind lives in its own module:
 * simulate-server.ts, simulate-messages.ts and simulate-interactions.ts beside it.
 */
export class SandboxAdapter extends SandboxDirectory {
  // The bot's events. Discord's gateway would deliver these; here the bot role's start and the
  // `simulate…` methods (for tests and the sandbox UI) write the sandbox tables and emit them.
  // Each resolves once every listener has finished.

  /** The sandbox's READY: the bot "joins" every guild of the directory. */
  async start(): Promise<void> {
    for (const guild of await this.listGuilds()) await this.events.emit("guildCreate", guild);
  }

  async stop(): Promise<void> {
    await this.events.idle();
  }

  simulateMemberJoin(
    guildId: string,
    user: server.JoiningUser,
    options: { roleIds?: string[]; nick?: string | null; inviteCode?: string } = {},
  ): Promise<MemberInfo> {
    return server.simulateMemberJoin(this.sandbox, this, guildId, user, options);
  }

  /** A member makes an invite (max uses 0 = unlimited); INVITE_CREATE is heard. */
  simulateInviteCreate(input: {
    guildId: string;
    channelId: string;
    inviterId: string | null;
    code: string;
    maxUses?: number;
  }): Promise<InviteInfo> {
    return invites.createInvite(this.sandbox, input);
  }

  simulateMemberLeave(guildId: string, userId: string): Promise<void> {
    return server.simulateMemberLeave(this.sandbox, this, guildId, userId);
  }

  simulatePresence(
    guildId: string,
    userId: string,
    presence: Partial<Omit<PresenceEvent, "guildId" | "userId">> = {},
  ): Promise<void> {
    return server.simulatePresence(this.sandbox, guildId, userId, presence);
  }

  /**
   * A member posts in a channel: stored (attachments too, so `getMessage` returns them) and heard
   * as `messageCreate` with the author's roles and the users the text mentions. `embeds` plays a
   * bot's embed post (another bot's game event, say).
   */
  simulateMessage(
    channelId: string,
    authorId: string,
    content: string,
    options: { attachments?: Attachment[]; embeds?: Embed[] } = {},
  ): Promise<SentMessage> {
    return messages.simulateMessage(this.sandbox, this, channelId, authorId, content, options);
  }

  /**
   * A member adds (or, with `remove`, takes back) a reaction; answers whether anything changed
   * (reacting twice with the same emoji doesn't, as on Discord).
   */
  simulateReaction(input: messages.SimulatedReaction): Promise<boolean> {
    return messages.simulateReaction(this.sandbox, input);
  }

  /** A moderator clears every reaction of a message, or only those of one emoji. */
  simulateReactionClear(input: messages.SimulatedReactionClear): Promise<void> {
    return messages.simulateReactionClear(this.sandbox, input);
  }

  /** The author edits a message's text (its attachments stay) and the bot hears `messageUpdate`. */
  simulateMessageEdit(channelId: string, messageId: string, content: string): Promise<void> {
    return messages.simulateMessageEdit(this.sandbox, channelId, messageId, content);
  }

  /** Someone else (the author, a moderator) deletes a message. */
  simulateMessageDelete(channelId: string, messageId: string): Promise<void> {
    return messages.simulateMessageDelete(this.sandbox, channelId, messageId);
  }

  /** An admin edits a role in Discord's settings (e.g. grants it a dangerous permission). */
  simulateRoleUpdate(
    guildId: string,
    roleId: string,
    changes: RoleChanges & { position?: number },
  ): Promise<RoleInfo> {
    return server.simulateRoleUpdate(this.sandbox, guildId, roleId, changes);
  }

  /** An admin deletes a role: it leaves every member and every channel overwrite. */
  simulateRoleDelete(guildId: string, roleId: string): Promise<void> {
    return server.simulateRoleDelete(this.sandbox, guildId, roleId);
  }

  /** An admin deletes a channel, with its messages. */
  simulateChannelDelete(channelId: string): Promise<void> {
    return server.simulateChannelDelete(this.sandbox, channelId);
  }

  /** An admin uploads a custom emoji to a server (tests, demo). */
  addEmoji(guildId: string, name: string, animated = false): Promise<EmojiInfo> {
    return server.addEmoji(this.sandbox, guildId, name, animated);
  }

  /** A member boosts the server: the booster role, the boost count and level, a member update. */
  simulateBoost(guildId: string, userId: string): Promise<MemberInfo> {
    return server.simulateBoost(this.sandbox, this, guildId, userId);
  }

  // What a member's Discord client shows (the playground's reads; see views.ts).

  viewMembers(guildId: string): Promise<views.ViewedMember[]> {
    return views.viewMembers(this.sandbox, guildId);
  }

  viewRoles(guildId: string) {
    return views.viewRoles(this.sandbox, guildId);
  }

  viewChannelTopics(guildId: string): Promise<Map<string, string>> {
    return views.viewChannelTopics(this.sandbox, guildId);
  }

  viewUsers(ids: readonly string[]): Promise<views.ViewedUser[]> {
    return views.viewUsers(this.sandbox, ids);
  }

  viewMessages(channelId: string, options: { viewerId?: string; before?: string; limit: number }) {
    return views.viewMessages(this.sandbox, channelId, options);
  }

  /** A member simulated, e.g. leaving, reacting: what their clients show changed. */
  noteChange(guildId: string | null): void {
    this.sandbox.changes.notify(guildId);
  }

  /** A member uses a slash command; answers what the bot replied, in order. */
  simulateCommand(input: SimulatedCommand): Promise<SandboxInteractionResponse[]> {
    return interactions.simulateCommand(this.sandbox, this, input);
  }

  /** A member clicks a button on a message the bot sent. */
  simulateButton(input: SimulatedButton): Promise<SandboxInteractionResponse[]> {
    return interactions.simulateButton(this.sandbox, this, input);
  }

  /** A member picks options in a select menu on a message the bot sent. */
  simulateSelect(input: SimulatedSelect): Promise<SandboxInteractionResponse[]> {
    return interactions.simulateSelect(this.sandbox, this, input);
  }

  /** A member submits a form the bot opened, from a command or from a button or menu on a message. */
  simulateModal(input: SimulatedModal): Promise<SandboxInteractionResponse[]> {
    return interactions.simulateModal(this.sandbox, this, input);
  }
}
