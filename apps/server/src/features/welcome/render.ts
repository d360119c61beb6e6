import { renderWelcomeMessage, type WelcomeConfig, type WelcomeMessage } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { templateContextFor } from "../../discord/people/template-context.ts";
import type { MemberInfo, OutgoingMessage } from "../../discord/port/port.ts";

type Deps = Pick<AppContext, "discord">;

/** Renders a given welcome config for one member, exactly as the bot sends it. */
export async function renderConfigFor(
  deps: Deps,
  serverId: string,
  member: MemberInfo,
  config: WelcomeConfig,
  now: number = Date.now(),
): Promise<WelcomeMessage> {
  return renderWelcomeMessage(config, await templateContextFor(deps, serverId, member, now));
}

/** The rendered message in the port's terms. */
export function toOutgoingMessage(message: WelcomeMessage): OutgoingMessage {
  const { embed, button } = message;
  return {
    ...(message.content === null ? {} : { content: message.content }),
    embeds: [
      {
        ...(embed.title === "" ? {} : { title: embed.title }),
        ...(embed.description === "" ? {} : { description: embed.description }),
        color: Number.parseInt(embed.color.slice(1), 16),
        ...(embed.thumbnail === null ? {} : { thumbnail: { url: embed.thumbnail } }),
        ...(embed.footer === null
          ? {}
          : {
              footer: {
                text: embed.footer.text,
                ...(embed.footer.iconURL === null ? {} : { iconUrl: embed.footer.iconURL }),
              },
            }),
        ...(embed.timestamp === null ? {} : { timestamp: new Date(embed.timestamp).toISOString() }),
      },
    ],
    ...(button === null
      ? {}
      : {
          components: [
            [
              {
                type: "button" as const,
                style: button.style,
                customId: button.customId,
                ...(button.label === "" ? {} : { label: button.label }),
                ...(button.emoji === null ? {} : { emoji: button.emoji }),
              },
            ],
          ],
        }),
    allowedMentions: { users: message.allowedMentions.users },
  };
}
