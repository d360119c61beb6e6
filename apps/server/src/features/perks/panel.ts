import type { Button, Embed, OutgoingMessage, SelectMenu } from "../../discord/port/port.ts";
import type { overview } from "./member-perks.ts";
import { emojiText, perkColour } from "./messages.ts";
import { perkLimits } from "./rules.ts";

/** Custom ids of the `/perks` panel's buttons, menu and forms. */
export const panelIds = {
  emojis: "perks:emojis",
  keywords: "perks:keywords",
  channel: "perks:channel",
  channelDelete: "perks:channel-delete",
  role: "perks:role",
  roleDelete: "perks:role-delete",
  /** The second click of a deletion: the first only asks. */
  confirmDelete: "perks:confirm-delete:",
  back: "perks:back",
  responderAdd: "perks:responder-add",
  responderRemove: "perks:responder-remove",
  /** `perks:t:<channel|role>-<add|remove>:<userId>` from `/perks member:`. */
  target: "perks:t:",
  form: "perks:m:",
} as const;

/** What the panel and its forms show: the member's limits and current perks. */
export type Overview = Awaited<ReturnType<typeof overview>>;

/**
 * Items joined with commas, as many as fit in a field: Discord's limit for a field's value is 1,024
 * characters, and six fields must stay within the 6,000 of the whole embed, so each list keeps to
 * 900 and names how many more there are.
 */
const listRoom = 900;
function list(items: string[], empty: string): string {
  if (items.length === 0) return empty;
  const shown: string[] = [];
  let length = 0;
  for (const [index, item] of items.entries()) {
    const rest = items.length - index;
    const tail = rest > 1 ? `, and ${rest - 1} more`.length : 0;
    const next = length + (shown.length > 0 ? 2 : 0) + item.length;
    if (next + tail > listRoom) {
      return `${shown.join(", ")}${shown.length > 0 ? ", and" : ""} ${rest} more`.trim();
    }
    shown.push(item);
    length = next;
  }
  return shown.join(", ");
}
const mentions = (ids: string[]) =>
  list(
    ids.map((id) => `<@${id}>`),
    "nobody else yet",
  );

/** The private panel `/perks` opens: limits, current perks, and the buttons that change them. */
export function panelMessage(
  data: Overview,
  options: { notice?: string; targetId?: string } = {},
): OutgoingMessage {
  const { limits, member, keywords, responders } = data;
  const fields: Embed["fields"] = [
    {
      name: `😀 Auto-reactions (${member?.emojis.length ?? 0}/${limits.emojis})`,
      value: limits.emojis > 0 ? list((member?.emojis ?? []).map(emojiText), "none set") : "not in your tier",
    },
    {
      name: `🔔 Highlights (${keywords.length}/${perkLimits.keywords})`,
      value: limits.highlights
        ? list(
            keywords.map((k) => `\`${k}\``),
            "no keywords",
          )
        : "not in your tier",
    },
    {
      name: `🔒 Private channel (${member?.channelMembers.length ?? 0}/${limits.channelMembers} members)`,
      value:
        limits.channelMembers === 0
          ? "not in your tier"
          : member?.channelId
            ? `<#${member.channelId}> · ${mentions(member.channelMembers)}`
            : "not created yet",
    },
    {
      name: `🎨 Private role (${member?.roleMembers.length ?? 0}/${limits.roleMembers} members)`,
      value:
        limits.roleMembers === 0
          ? "not in your tier"
          : member?.roleId
            ? `<@&${member.roleId}> · ${mentions(member.roleMembers)}`
            : "not created yet",
    },
    {
      name: `💬 Auto-responders (${responders.length}/${limits.responders})`,
      value:
        limits.responders === 0 && responders.length === 0
          ? "not in your tier"
          : list(
              responders.map((r) => `\`${r.trigger}\` → ${r.embed ? "embed" : "text"}`),
              "none yet",
            ),
    },
    { name: "💤 AFK", value: limits.afk ? "use `/afk [message]`" : "not in your tier" },
  ];
  const embed: Embed = {
    title: "✨ Your perks",
    description: `From: ${limits.tiers.join(", ")}. Changes apply at once.`,
    color: perkColour,
    fields,
    ...(member?.expiredAt ? { footer: { text: "Some of your perks expired with your tier role." } } : {}),
  };
  const button = (
    customId: string,
    label: string,
    enabled: boolean,
    style: Button["style"] = "secondary",
  ): Button => ({
    type: "button",
    style,
    label,
    customId,
    disabled: !enabled,
  });
  const rows: (Button | SelectMenu)[][] = [
    [
      button(panelIds.emojis, "Auto-reactions", limits.emojis > 0, "primary"),
      button(panelIds.keywords, "Highlights", limits.highlights, "primary"),
      button(panelIds.responderAdd, "Add responder", limits.responders > responders.length, "primary"),
    ],
    [
      button(
        panelIds.channel,
        member?.channelId ? "Channel members" : "Create channel",
        limits.channelMembers > 0,
      ),
      button(panelIds.channelDelete, "Delete channel", Boolean(member?.channelId), "danger"),
      button(panelIds.role, member?.roleId ? "Edit role" : "Create role", limits.roleMembers > 0),
      button(panelIds.roleDelete, "Delete role", Boolean(member?.roleId), "danger"),
    ],
  ];
  if (responders.length > 0) {
    rows.push([
      {
        type: "select",
        customId: panelIds.responderRemove,
        placeholder: "Remove auto-responders…",
        minValues: 1,
        maxValues: responders.length,
        options: responders.slice(0, 25).map((r) => ({
          label: r.trigger.slice(0, 100),
          value: String(r.id),
          description: (r.response ?? r.embed?.title ?? r.embed?.description ?? "embed").slice(0, 100),
        })),
      },
    ]);
  }
  const target = options.targetId;
  if (target) {
    const inChannel = member?.channelMembers.includes(target) ?? false;
    const hasRole = member?.roleMembers.includes(target) ?? false;
    rows.push([
      button(
        `${panelIds.target}channel-${inChannel ? "remove" : "add"}:${target}`,
        inChannel ? "Remove from my channel" : "Add to my channel",
        Boolean(member?.channelId),
        "success",
      ),
      button(
        `${panelIds.target}role-${hasRole ? "remove" : "add"}:${target}`,
        hasRole ? "Take my role" : "Give my role",
        Boolean(member?.roleId),
        "success",
      ),
    ]);
  }
  return {
    ...(options.notice ? { content: options.notice } : {}),
    embeds: [embed],
    components: rows,
    allowedMentions: { users: [] },
  };
}

/** Asks before deleting the private channel (its messages are lost) or role. */
export function confirmDeleteMessage(what: "channel" | "role", id: string): OutgoingMessage {
  const target = what === "channel" ? `your private channel <#${id}>` : `your private role <@&${id}>`;
  const loss = what === "channel" ? "Its messages are lost for good." : "Everyone you gave it to loses it.";
  return {
    content: `⚠️ Delete ${target}? ${loss}`,
    embeds: [],
    components: [
      [
        {
          type: "button",
          style: "danger",
          label: `Delete ${what}`,
          customId: `${panelIds.confirmDelete}${what}`,
        },
        { type: "button", style: "secondary", label: "Keep it", customId: panelIds.back },
      ],
    ],
    allowedMentions: { users: [], roles: [] },
  };
}
