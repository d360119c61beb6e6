import type { AppContext } from "../../context.ts";
import { type Button, DiscordError, type OutgoingMessage, type SelectMenu } from "../../discord/port/port.ts";
import { requireTextChannel } from "../../discord/port/validate.ts";
import { channelPermissions, Permission } from "../../discord/roles/permissions.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { incompleteReason } from "./model.ts";
import type { StoredComponent } from "./store.ts";
import * as store from "./store.ts";

/** How a component looks in a channel, and the posted copies kept in step with its definition. */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** Custom ids of the components members use: `cmp:<component_id>`, `:test` on a preview. */
export const componentPrefix = "cmp:";

export function componentCustomId(componentId: string, test = false): string {
  return `${componentPrefix}${componentId}${test ? ":test" : ""}`;
}

export function parseComponentCustomId(customId: string): { componentId: string; test: boolean } | null {
  const match = /^cmp:([a-z0-9]+)(:test)?$/.exec(customId);
  return match ? { componentId: match[1] ?? "", test: match[2] !== undefined } : null;
}

/** The component as Discord draws it; `test` marks a preview (`/components test`). */
export function componentRows(component: StoredComponent, test = false): (Button | SelectMenu)[][] {
  const { definition } = component;
  const customId = componentCustomId(component.componentId, test);
  if (component.type === "select") {
    return [
      [
        {
          type: "select",
          customId,
          ...(definition.placeholder ? { placeholder: definition.placeholder } : {}),
          minValues: 1,
          maxValues: 1,
          options: definition.options.map((option) => ({
            label: option.label,
            value: option.value,
            ...(option.description ? { description: option.description } : {}),
            ...(option.emoji ? { emoji: option.emoji } : {}),
          })),
        },
      ],
    ];
  }
  return [
    [
      {
        type: "button",
        style: definition.style,
        label: definition.label,
        ...(definition.emoji ? { emoji: definition.emoji } : {}),
        customId,
      },
    ],
  ];
}

export function postedMessage(component: StoredComponent): OutgoingMessage {
  return {
    ...(component.definition.message ? { content: component.definition.message } : {}),
    components: componentRows(component),
  };
}

/**
 * Refuses to post for someone in a channel they can't post in themselves (View Channel and Send
 * Messages there, from their roles and the channel's overwrites): Hearth's own rights never stand in
 * for theirs, from Discord or from the dashboard.
 */
export async function requirePosterMay(
  deps: Pick<AppContext, "discord">,
  serverId: string,
  poster: { userId: string; roleIds: readonly string[] },
  channelId: string,
): Promise<void> {
  const [channel, guild, roles] = await Promise.all([
    deps.discord.getChannel(channelId),
    deps.discord.getGuild(serverId),
    deps.discord.listRoles(serverId),
  ]);
  const bits = channel
    ? channelPermissions({ ownerId: guild?.ownerId ?? "", roles, member: poster, channel })
    : 0n;
  const needed = Permission.ViewChannel | Permission.SendMessages;
  if ((bits & needed) !== needed) {
    throw forbidden(
      `You can't post in <#${channelId}> yourself, so I won't post the component there for you.`,
    );
  }
}

/** Posts a complete component in a channel and records the message (so edits and deletes reach it). */
export async function postComponent(
  deps: Deps,
  component: StoredComponent,
  channelId: string,
  now = Date.now(),
): Promise<string> {
  const missing = incompleteReason(component.type, component.definition);
  if (missing) throw badRequest(`"${component.name}" isn't finished: ${missing}`);
  await requireTextChannel(deps, component.serverId, channelId, "channel");
  const sent = await deps.discord.sendMessage(channelId, postedMessage(component));
  await store.recordPosted(
    deps.storage.db,
    { componentId: component.componentId, serverId: component.serverId, channelId, messageId: sent.id },
    now,
  );
  return sent.id;
}

/** Redraws every posted copy; copies that are gone are forgotten. Answers how many were updated. */
export async function refreshPosted(deps: Deps, component: StoredComponent): Promise<number> {
  if (incompleteReason(component.type, component.definition)) return 0;
  const posted = await store.listPosted(deps.storage.db, component.componentId);
  let updated = 0;
  for (const message of posted) {
    try {
      await deps.discord.editMessage(message.channelId, message.messageId, postedMessage(component));
      updated++;
    } catch (error) {
      if (
        error instanceof DiscordError &&
        (error.code === "unknown_message" || error.code === "unknown_channel")
      ) {
        await store.forgetPosted(deps.storage.db, { messageId: message.messageId });
      } else if (error instanceof DiscordError) {
        deps.logger.warn({ err: error, message }, "components: could not update a posted copy");
      } else {
        throw error;
      }
    }
  }
  return updated;
}
