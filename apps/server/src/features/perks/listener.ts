import type { AppContext } from "../../context.ts";
import { displayName } from "../../discord/people/display-name.ts";
import type { BotEvents, MessageEvent } from "../../discord/port/events.ts";
import { DiscordError, type MemberInfo } from "../../discord/port/port.ts";
import { channelPermissions, Permission } from "../../discord/roles/permissions.ts";
import { afkNotice, recordMention, returnFromAfk, welcomeBack, welcomeBackDeleteJob } from "./afk.ts";
import { type GuildPerks, perkCache } from "./cache.ts";
import { forgetDeleted, reviewMember } from "./cleanup.ts";
import { highlightMessage, parseStoredEmoji, responderMessage } from "./messages.ts";
import { memberLimits } from "./rules.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

/** Cooldowns (ms) that keep perks from turning into spam. */
export const perkCooldowns = {
  /** One highlight DM per member per channel. */
  highlight: 5 * 60_000,
  /** No highlight from a channel where the member spoke this recently: they're reading it. */
  recentlyActive: 5 * 60_000,
  /** One AFK note per AFK member per channel. */
  afkNotice: 5 * 60_000,
  /** One answer per auto-responder. */
  responder: 30_000,
  /** How long the welcome-back message stays (a durable job deletes it, so a restart doesn't keep it). */
  welcomeBackDeleteAfter: 60_000,
} as const;

/** Responses posted for one message at most, whoever's responders match. */
const respondersPerMessage = 3;
const readAccess = Permission.ViewChannel | Permission.ReadMessageHistory;
/** Discord's thread channel types: announcement, public and private thread. */
const threadTypes = new Set([10, 11, 12]);
const privateThread = 12;

/** Remembers when something last happened per key, forgetting entries older than their cooldown. */
class Recent {
  private readonly at = new Map<string, number>();
  constructor(private readonly windowMs: number) {}
  within(key: string, now: number): boolean {
    const last = this.at.get(key);
    return last !== undefined && now - last < this.windowMs;
  }
  mark(key: string, now: number): void {
    if (this.at.size > 50_000) {
      for (const [k, at] of this.at) if (now - at >= this.windowMs) this.at.delete(k);
    }
    this.at.set(key, now);
  }
}

/**
 * Runs the message-driven perks: AFK return and notes, auto-reactions, highlight DMs and
 * auto-responders. Cooldowns are per process (a restart forgets them, which at worst lets one
 * extra highlight or note through).
 */
export class PerkListener {
  private readonly spoke = new Recent(perkCooldowns.recentlyActive);
  private readonly highlighted = new Recent(perkCooldowns.highlight);
  private readonly noticed = new Recent(perkCooldowns.afkNotice);
  private readonly responded = new Recent(perkCooldowns.responder);

  constructor(private readonly deps: Deps) {}

  listen(events: BotEvents): () => void {
    const stops = [
      events.on("messageCreate", (message) => this.onMessage(message)),
      events.on("memberUpdate", (member) => this.onMemberUpdate(member)),
      events.on("memberRemove", ({ guildId, user }) => reviewMember(this.deps, guildId, user.id, null)),
      events.on("channelDelete", ({ guildId, channelId }) =>
        forgetDeleted(this.deps, guildId, { channelId }),
      ),
      events.on("roleDelete", ({ guildId, roleId }) => forgetDeleted(this.deps, guildId, { roleId })),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  async onMemberUpdate(member: MemberInfo): Promise<void> {
    const perks = await perkCache(this.deps).get(member.guildId);
    const held = perks.members.get(member.user.id);
    if (!held || (held.channelId === null && held.roleId === null)) return;
    await reviewMember(this.deps, member.guildId, member.user.id, member.roleIds);
  }

  async onMessage(message: MessageEvent, now = Date.now()): Promise<void> {
    const guildId = message.guildId;
    if (!guildId || message.author.bot || message.webhookId) return;
    const perks = await perkCache(this.deps).get(guildId);
    const wasActive = (userId: string) => this.spoke.within(`${message.channelId}:${userId}`, now);
    const highlightCandidates = this.highlightCandidates(perks, message, now, wasActive);
    this.spoke.mark(`${message.channelId}:${message.author.id}`, now);
    // Only the perks this message can set off run (most chat sets off none: nothing to await).
    const work: Promise<void>[] = [];
    if (perks.afk.has(message.author.id) || message.mentionUserIds.some((userId) => perks.afk.has(userId))) {
      work.push(this.afk(perks, guildId, message, now));
    }
    if (perks.members.get(message.author.id)?.emojis.length)
      work.push(this.autoReact(perks, guildId, message));
    if (highlightCandidates.size > 0) {
      work.push(this.highlight(perks, guildId, message, highlightCandidates, now));
    }
    if (message.content !== "" && perks.responders.length > 0)
      work.push(this.respond(perks, guildId, message, now));
    if (work.length === 0) return;
    const results = await Promise.allSettled(work);
    for (const result of results) {
      if (result.status === "rejected") {
        this.deps.logger.warn({ err: result.reason, guildId }, "perks: a message perk failed");
      }
    }
  }

  private async rolesOf(guildId: string, userId: string, told: string[] | null): Promise<string[] | null> {
    if (told) return told;
    return (await this.deps.discord.getMember(guildId, userId))?.roleIds ?? null;
  }

  private async afk(perks: GuildPerks, guildId: string, message: MessageEvent, now: number) {
    if (perks.afk.has(message.author.id)) {
      const back = await returnFromAfk(this.deps, guildId, message.author.id);
      if (back) {
        const sent = await this.deps.discord.sendMessage(
          message.channelId,
          welcomeBack(guildId, message.author.id, back.mentions),
        );
        await this.deps.jobs.schedule(
          welcomeBackDeleteJob,
          { channelId: sent.channelId, messageId: sent.id },
          now + perkCooldowns.welcomeBackDeleteAfter,
          { dedupeKey: `${welcomeBackDeleteJob}:${sent.id}` },
        );
      }
    }
    for (const userId of new Set(message.mentionUserIds)) {
      const note = perks.afk.get(userId);
      if (!note || userId === message.author.id) continue;
      const member = await this.deps.discord.getMember(guildId, userId);
      if (!member || !memberLimits(perks.tiers, member.roleIds)?.afk) {
        // AFK is a perk: without a tier that allows it any more (or gone), the note is dropped.
        await returnFromAfk(this.deps, guildId, userId);
        continue;
      }
      await recordMention(this.deps, guildId, userId, {
        authorId: message.author.id,
        channelId: message.channelId,
        messageId: message.id,
        at: now,
      });
      const key = `${message.channelId}:${userId}`;
      if (this.noticed.within(key, now)) continue;
      this.noticed.mark(key, now);
      const name = displayName(member.user, member.nick);
      await this.deps.discord.sendMessage(message.channelId, afkNotice(note, name));
    }
  }

  private async autoReact(perks: GuildPerks, guildId: string, message: MessageEvent) {
    const emojis = perks.members.get(message.author.id)?.emojis ?? [];
    if (emojis.length === 0) return;
    const roleIds = await this.rolesOf(guildId, message.author.id, message.memberRoleIds);
    const limits = roleIds ? memberLimits(perks.tiers, roleIds) : null;
    for (const key of emojis.slice(0, limits?.emojis ?? 0)) {
      try {
        await this.deps.discord.addReaction(message.channelId, message.id, parseStoredEmoji(key));
      } catch (error) {
        if (!(error instanceof DiscordError)) throw error;
        if (error.code === "unknown_message") return;
      }
    }
  }

  /** Members whose keyword the message contains, who didn't write it, aren't pinged by it and weren't just talking there. */
  private highlightCandidates(
    perks: GuildPerks,
    message: MessageEvent,
    now: number,
    wasActive: (userId: string) => boolean,
  ): Map<string, string> {
    const found = new Map<string, string>();
    if (message.content === "" || perks.keywords.length === 0) return found;
    for (const entry of perks.keywords) {
      if (!entry.pattern.test(message.content)) continue;
      for (const userId of entry.userIds) {
        if (userId === message.author.id || found.has(userId) || message.mentionUserIds.includes(userId))
          continue;
        if (
          wasActive(userId) ||
          this.highlighted.within(`${message.guildId}:${userId}:${message.channelId}`, now)
        ) {
          continue;
        }
        found.set(userId, entry.keyword);
      }
    }
    return found;
  }

  private async highlight(
    perks: GuildPerks,
    guildId: string,
    message: MessageEvent,
    candidates: Map<string, string>,
    now: number,
  ) {
    if (candidates.size === 0) return;
    let place: Awaited<ReturnType<PerkListener["place"]>> | undefined;
    for (const [userId, keyword] of candidates) {
      const member = await this.deps.discord.getMember(guildId, userId);
      if (!member || !memberLimits(perks.tiers, member.roleIds)?.highlights) continue;
      place ??= await this.place(guildId, message.channelId);
      if (!place.channel || !place.readers) return;
      const bits = channelPermissions({
        ownerId: place.ownerId,
        roles: place.roles,
        member: { userId, roleIds: member.roleIds },
        channel: place.readers,
      });
      if ((bits & readAccess) !== readAccess) continue;
      const key = `${guildId}:${userId}:${message.channelId}`;
      if (this.highlighted.within(key, now)) continue;
      this.highlighted.mark(key, now);
      try {
        await this.deps.discord.sendDirectMessage(
          userId,
          highlightMessage({ guildId, message, keyword, channelName: place.channel.name }),
        );
      } catch (error) {
        // Closed DMs are the member's choice: nothing to report.
        if (
          !(error instanceof DiscordError) ||
          (error.code !== "dm_closed" && error.code !== "unknown_user")
        ) {
          throw error;
        }
      }
    }
  }

  /**
   * The channel, and the channel whose overwrites decide who reads it: a thread has none of its
   * own, so its parent's apply; a private thread is readable by its members only, which isn't
   * known here, so it never highlights (`readers` null).
   */
  private async place(guildId: string, channelId: string) {
    const [channel, roles, guild] = await Promise.all([
      this.deps.discord.getChannel(channelId),
      this.deps.discord.listRoles(guildId),
      this.deps.discord.getGuild(guildId),
    ]);
    let readers = channel;
    if (channel && threadTypes.has(channel.type)) {
      readers =
        channel.type === privateThread || !channel.parentId
          ? null
          : await this.deps.discord.getChannel(channel.parentId);
    }
    return { channel, readers, roles, ownerId: guild?.ownerId ?? "" };
  }

  private async respond(perks: GuildPerks, guildId: string, message: MessageEvent, now: number) {
    if (message.content === "" || perks.responders.length === 0) return;
    let sent = 0;
    const active = new Map<string, number[]>();
    for (const responder of perks.responders) {
      if (sent >= respondersPerMessage) return;
      if (!responder.pattern.test(message.content) || this.responded.within(String(responder.id), now))
        continue;
      let ids = active.get(responder.userId);
      if (!ids) {
        const roleIds =
          responder.userId === message.author.id
            ? await this.rolesOf(guildId, responder.userId, message.memberRoleIds)
            : ((await this.deps.discord.getMember(guildId, responder.userId))?.roleIds ?? null);
        const limit = roleIds ? (memberLimits(perks.tiers, roleIds)?.responders ?? 0) : 0;
        // Over the limit (the tier shrank), the oldest responders stay active.
        ids = perks.responders
          .filter((r) => r.userId === responder.userId)
          .slice(0, limit)
          .map((r) => r.id);
        active.set(responder.userId, ids);
      }
      if (!ids.includes(responder.id)) continue;
      this.responded.mark(String(responder.id), now);
      await this.deps.discord.sendMessage(message.channelId, responderMessage(responder));
      sent++;
    }
  }
}
