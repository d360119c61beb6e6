import { triggerLimits } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { MessageEvent } from "../../discord/port/events.ts";
import type { MemberInfo, OutgoingMessage } from "../../discord/port/port.ts";
import { countTriggerReply } from "../insights/service.ts";
import { buildTriggerReply } from "./reply.ts";
import { findMatchingTrigger, type StoredTrigger } from "./service.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

const cooldownMs = triggerLimits.cooldownSeconds * 1000;

/**
 * Answers server triggers: one reply per message (the oldest matching trigger), never to bots or
 * webhooks (so two bots can't answer each other forever), and each trigger at most once per
 * `cooldownSeconds` in a channel. Cooldowns live in the process (a restart forgets them).
 */
export class TriggerResponder {
  private readonly answered = new Map<string, number>();

  constructor(private readonly deps: Deps) {}

  async onMessage(message: MessageEvent, now = Date.now()): Promise<boolean> {
    if (!message.guildId || message.author.bot || message.webhookId) return false;
    const trigger = await findMatchingTrigger(this.deps, message.guildId, message.content);
    if (!trigger) return false;
    const key = `${message.channelId}:${trigger.id}`;
    const last = this.answered.get(key);
    if (last !== undefined && now - last < cooldownMs) return false;
    this.mark(key, now);
    const reply = await this.reply(trigger, message, now);
    await this.deps.discord.sendMessage(message.channelId, reply);
    countTriggerReply(this.deps, message.guildId);
    return true;
  }

  private mark(key: string, now: number): void {
    if (this.answered.size > 20_000) {
      for (const [k, at] of this.answered) if (now - at >= cooldownMs) this.answered.delete(k);
    }
    this.answered.set(key, now);
  }

  private async reply(trigger: StoredTrigger, message: MessageEvent, now: number): Promise<OutgoingMessage> {
    const serverId = message.guildId as string;
    let member: MemberInfo | null = null;
    try {
      member = await this.deps.discord.getMember(serverId, message.author.id);
    } catch (error) {
      this.deps.logger.warn({ err: error, serverId, trigger: trigger.id }, "triggers: member not read");
    }
    return buildTriggerReply(
      this.deps,
      serverId,
      trigger,
      member ?? {
        guildId: serverId,
        user: message.author,
        nick: null,
        roleIds: message.memberRoleIds ?? [],
        joinedAt: now,
      },
      now,
    );
  }
}
