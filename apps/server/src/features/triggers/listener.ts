import { renderTemplate, triggerLimits } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import type { MessageEvent } from "../../discord/port/events.ts";
import type { MemberInfo, OutgoingMessage } from "../../discord/port/port.ts";
import { countTriggerReply } from "../insights/service.ts";
import { templateContextFor } from "../welcome/render.ts";
import { findMatchingTrigger, type StoredTrigger } from "./service.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

const cooldownMs = triggerLimits.cooldownSeconds * 1000;
const brand = 0xf97316;

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
    let text = trigger.response;
    try {
      const member: MemberInfo = (await this.deps.discord.getMember(serverId, message.author.id)) ?? {
        guildId: serverId,
        user: message.author,
        nick: null,
        roleIds: message.memberRoleIds ?? [],
        joinedAt: now,
      };
      text = renderTemplate(trigger.response, await templateContextFor(this.deps, serverId, member, now));
    } catch (error) {
      // The reply still goes out with its tags unfilled rather than not at all.
      this.deps.logger.warn({ err: error, serverId, trigger: trigger.id }, "triggers: template not rendered");
    }
    // Only the member who said the keyword can be pinged by a trigger's {user.mention}.
    const allowedMentions = { users: [message.author.id] };
    if (trigger.replyType === "embed") {
      return {
        embeds: [
          {
            ...(trigger.embedTitle ? { title: trigger.embedTitle.slice(0, 256) } : {}),
            description: text.slice(0, triggerLimits.embedDescriptionMax) || "​",
            color: brand,
          },
        ],
        allowedMentions,
      };
    }
    return { content: text.slice(0, triggerLimits.textMax) || "​", allowedMentions };
  }
}
