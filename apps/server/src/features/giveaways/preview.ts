import type { CreateGiveawayBody, GiveawayPreviewResponse } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { sendable } from "../../discord/payload-rules/message-limits.ts";
import { messagePreview } from "../../discord/port/message-preview.ts";
import { withPing } from "../events-ping/service.ts";
import { pingRoleFor, viewOf } from "./create.ts";
import { activeMessage } from "./messages.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/**
 * What creating this giveaway would post: the same message the post sends (fitted to Discord's
 * limits the same way) and the role it pings, so the form shows both before anything is posted.
 */
export async function previewGiveaway(
  ctx: Deps,
  serverId: string,
  actor: { userId: string },
  body: CreateGiveawayBody,
): Promise<GiveawayPreviewResponse> {
  const now = Date.now();
  const start = body.startsAt ?? now;
  const endTime = body.duration !== undefined ? start + body.duration * 1000 : (body.endTime ?? start);
  const pingRoleId = await pingRoleFor(ctx, serverId, body);
  const message = sendable(
    withPing(
      activeMessage(viewOf({ ...body, duration: body.duration ?? 60 }, body.hostId ?? actor.userId, endTime)),
      pingRoleId,
    ),
  );
  const roles = pingRoleId ? await ctx.discord.listRoles(serverId).catch(() => []) : [];
  const embed = message.embeds?.[0];
  const button = message.components?.[0]?.[0];
  return {
    pingRoleId,
    pingRoleName: roles.find((role) => role.id === pingRoleId)?.name ?? null,
    content: message.content ?? null,
    embed: {
      title: embed?.title ?? "",
      description: embed?.description ?? "",
      footer: embed?.footer?.text ?? null,
      color: embed?.color ?? null,
    },
    buttonLabel: button && "label" in button ? (button.label ?? "Enter") : "Enter",
    message: messagePreview(message),
  };
}
