import { renderTemplate, type ServerTrigger, triggerLimits } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { templateContextFor } from "../../discord/people/template-context.ts";
import type { MemberInfo, OutgoingMessage } from "../../discord/port/port.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

const brand = 0xf97316;

/** What a trigger's reply is made of (a saved trigger, or the dashboard's form before saving). */
export type TriggerReplySource = Pick<ServerTrigger, "response" | "replyType" | "embedTitle"> & {
  id?: number;
};

/**
 * The message a trigger answers with, its tags filled for the member who said the keyword: the one
 * builder of the bot's answer and the dashboard's preview. Only that member can be pinged by it.
 */
export async function buildTriggerReply(
  deps: Deps,
  serverId: string,
  trigger: TriggerReplySource,
  member: MemberInfo,
  now: number,
): Promise<OutgoingMessage> {
  let text = trigger.response;
  try {
    text = renderTemplate(trigger.response, await templateContextFor(deps, serverId, member, now));
  } catch (error) {
    // The reply still goes out with its tags unfilled rather than not at all.
    deps.logger.warn({ err: error, serverId, trigger: trigger.id }, "triggers: template not rendered");
  }
  const allowedMentions = { users: [member.user.id] };
  if (trigger.replyType === "embed") {
    return {
      embeds: [
        {
          ...(trigger.embedTitle ? { title: trigger.embedTitle.slice(0, triggerLimits.embedTitleMax) } : {}),
          description: text.slice(0, triggerLimits.embedDescriptionMax) || "\u200b",
          color: brand,
        },
      ],
      allowedMentions,
    };
  }
  return { content: text.slice(0, triggerLimits.textMax) || "\u200b", allowedMentions };
}
