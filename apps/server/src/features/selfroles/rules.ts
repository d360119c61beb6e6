import { dangerousPermissionNames } from "@hearth/core";
import {
  type Button,
  type Embed,
  emojiMarkup,
  type OutgoingMessage,
  parseEmoji,
  type RoleInfo,
  type SelectMenu,
} from "../../discord/port/port.ts";
import type { Panel, PanelRole } from "./store.ts";

export const selfRoleLimits = {
  /** Discord's cap: 5 rows of 5 buttons, or 25 options in one menu. */
  maxRoles: 25,
  /** Roles listed in a panel's embed before "and X more available". */
  shownRoles: 15,
  nameLength: 50,
  titleLength: 256,
  descriptionLength: 1000,
  /** Whitelisted roles per server. */
  maxWhitelist: 250,
} as const;

export const panelColor = 0xf97316;

/**
 * The dangerous permissions a role carries (by name), empty when it is safe to hand out: the one
 * list of the role-safety rule (`@hearth/core`), which refuses them on every role Hearth gives.
 */
export function refusedIn(permissions: string): { name: string }[] {
  return dangerousPermissionNames(permissions).map((name) => ({ name }));
}

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

export { list as joinNames };

/**
 * Joins lines up to `limit` characters (Discord's cap for the spot they go in), ending with how many
 * were left out: a 250-role whitelist would overflow an embed description otherwise.
 */
export function fitLines(lines: string[], limit: number): string {
  const all = lines.join("\n");
  if (all.length <= limit) return all;
  const room = limit - "\n…and 1000 more".length;
  const kept: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (length + line.length + 1 > room) break;
    kept.push(line);
    length += line.length + 1;
  }
  kept.push(`…and ${lines.length - kept.length} more`);
  return kept.join("\n");
}

/** The panel's embed: title, description, and its roles (15 shown, then how many more). */
export function panelEmbed(panel: Pick<Panel, "title" | "description" | "roles" | "display">): Embed {
  const { roles } = panel;
  const shown = roles.slice(0, selfRoleLimits.shownRoles);
  const lines = shown.map((role) => `${role.emoji ? `${role.emoji} ` : "• "}<@&${role.roleId}>`);
  const more = roles.length - shown.length;
  if (more > 0) lines.push(`and ${more} more available`);
  const how =
    panel.display === "buttons"
      ? "Press a button to get a role; press it again to give it back."
      : "Pick the roles you want in the menu; unpicked roles are taken off.";
  const body = roles.length === 0 ? "No roles are available on this panel right now." : lines.join("\n");
  return {
    title: panel.title,
    description: [panel.description, body].filter(Boolean).join("\n\n"),
    color: panelColor,
    ...(roles.length > 0 ? { footer: { text: how } } : {}),
  };
}

export const toggleButtonId = (panelId: number, roleId: string) => `sr:t:${panelId}:${roleId}`;
export const panelSelectId = (panelId: number) => `sr:s:${panelId}`;

const label = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** The panel's components: rows of 5 buttons, or one menu (pick 0 to all). */
export function panelComponents(
  panel: Pick<Panel, "id" | "display" | "roles">,
  roleNames: Map<string, string>,
): (Button | SelectMenu)[][] {
  const roles = panel.roles.slice(0, selfRoleLimits.maxRoles);
  if (roles.length === 0) return [];
  const name = (role: PanelRole) => label(roleNames.get(role.roleId) ?? "Unknown role");
  if (panel.display === "dropdown") {
    return [
      [
        {
          type: "select",
          customId: panelSelectId(panel.id),
          placeholder: "Choose your roles",
          minValues: 0,
          maxValues: roles.length,
          options: roles.map((role) => ({
            label: name(role),
            value: role.roleId,
            ...(role.emoji ? { emoji: role.emoji } : {}),
          })),
        },
      ],
    ];
  }
  const rows: Button[][] = [];
  roles.forEach((role, index) => {
    if (index % 5 === 0) rows.push([]);
    rows.at(-1)?.push({
      type: "button",
      style: "secondary",
      label: name(role),
      customId: toggleButtonId(panel.id, role.roleId),
      ...(role.emoji ? { emoji: role.emoji } : {}),
    });
  });
  return rows;
}

export function panelMessage(panel: Panel, roleNames: Map<string, string>): OutgoingMessage {
  return {
    embeds: [panelEmbed(panel)],
    components: panelComponents(panel, roleNames),
    allowedMentions: { roles: [] },
  };
}

/** One role a member named in text, with the emoji written before it. */
export interface NamedRole {
  roleId: string;
  emoji: string | null;
}

/**
 * Reads `/selfroles quick`'s roles text: role mentions (`<@&id>`), role ids, or `@Name` of a role,
 * each optionally preceded by an emoji for its button. Throws a sentence naming what it can't read.
 */
export function parseRoleList(text: string, roles: RoleInfo[]): NamedRole[] {
  const byName = new Map(roles.map((role) => [role.name.toLowerCase(), role.id]));
  // Mentions may be written without spaces between them (`<@&1><@&2>`): split them apart first.
  const words = text
    .replace(/(<@&\d+>|<a?:[\w~]+:\d+>)/g, " $1 ")
    .split(/[\s,|]+/)
    .filter(Boolean);
  const found: NamedRole[] = [];
  let pendingEmoji: string | null = null;
  const push = (roleId: string) => {
    found.push({ roleId, emoji: pendingEmoji });
    pendingEmoji = null;
  };
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? "";
    const id = /^<@&(\d{5,20})>$/.exec(word)?.[1] ?? (/^\d{17,20}$/.test(word) ? word : null);
    if (id) {
      push(id);
      continue;
    }
    if (word.startsWith("@") && word.length > 1) {
      // Role names may have spaces: take the longest run of words that names a role.
      let matched = false;
      for (let end = words.length; end > index; end--) {
        const roleId = byName.get(words.slice(index, end).join(" ").slice(1).toLowerCase());
        if (roleId) {
          push(roleId);
          index = end - 1;
          matched = true;
          break;
        }
      }
      if (!matched) throw new RoleListError(`I couldn't find a role named "${word.slice(1)}".`);
      continue;
    }
    const emoji = parseEmoji(word);
    if (emoji && pendingEmoji === null) {
      pendingEmoji = emojiMarkup(emoji);
      continue;
    }
    throw new RoleListError(
      `I couldn't read "${word}" as a role: mention the roles (@Red @Blue) or paste their IDs.`,
    );
  }
  return found;
}

export class RoleListError extends Error {}

/** One emoji–role pair found on a reaction-role message. */
export interface MigratedPair {
  roleId: string;
  emoji: string | null;
}

const emojiPattern =
  /<a?:[\w~]{2,32}:\d{17,20}>|(?:\p{Regional_Indicator}{2})|(?:[#*0-9]\uFE0F?\u20E3)|(?:\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|\p{Emoji_Modifier})*)/u;

/** Punctuation reaction-role messages put between an emoji and a role name. */
const separators = /[-–—:=|>→*_~`•]+/g;
/** A name without that punctuation, spacing or case, so `**Events  Ping**` reads as `events ping`. */
const plain = (text: string) => text.replace(separators, " ").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Reads the emoji–role pairs of a reaction-role message: lines such as `🔴 <@&id>`, `🔴 - @Red`,
 * `@Red: 🔴` or `🔴 - Red` (a line holding only the emoji and a role's exact name), in the content,
 * embed descriptions and fields. When no line pairs them, the message's reactions are paired in
 * order with the roles it mentions (when there are as many of each).
 */
export function parseReactionRoleMessage(
  input: {
    content: string;
    embeds: Embed[];
    reactions: { emoji: { id: string | null; name: string; animated?: boolean } }[];
    mentionRoleIds: string[];
  },
  roles: RoleInfo[],
): MigratedPair[] {
  const byName = [...roles]
    .filter((role) => role.id !== role.guildId)
    .sort((a, b) => b.name.length - a.name.length);
  const texts = [
    input.content,
    ...input.embeds.flatMap((embed) => [
      embed.description ?? "",
      ...(embed.fields ?? []).flatMap((field) => [`${field.name} ${field.value}`]),
    ]),
  ];
  const pairs: MigratedPair[] = [];
  const seen = new Set<string>();
  const add = (roleId: string, emoji: string | null) => {
    if (seen.has(roleId)) return;
    seen.add(roleId);
    pairs.push({ roleId, emoji });
  };
  for (const line of texts.join("\n").split("\n")) {
    const emojiMatch = emojiPattern.exec(line);
    const mention = /<@&(\d{5,20})>/.exec(line);
    if (!emojiMatch) continue;
    let roleId = mention?.[1] ?? null;
    if (!roleId) {
      const at = line.toLowerCase();
      roleId = byName.find((role) => at.includes(`@${role.name.toLowerCase()}`))?.id ?? null;
    }
    if (!roleId) {
      // `🔴 - Red` or `**Red** : 🔴`: the line is the emoji and exactly one role's name, nothing else.
      const bare = plain(line.replace(emojiMatch[0], " "));
      roleId = byName.find((role) => plain(role.name) === bare)?.id ?? null;
    }
    if (!roleId) continue;
    const parsed = parseEmoji(emojiMatch[0]);
    add(roleId, parsed ? emojiMarkup(parsed) : emojiMatch[0]);
  }
  if (pairs.length > 0) return pairs;
  // Discord lists content mentions only, in no promised order: the text gives the order, embeds included.
  const inText = [...texts.join("\n").matchAll(/<@&(\d{5,20})>/g)].map((match) => match[1] ?? "");
  const mentioned = [...new Set([...inText, ...input.mentionRoleIds])];
  if (mentioned.length > 0 && mentioned.length === input.reactions.length) {
    mentioned.forEach((roleId, index) => {
      const emoji = input.reactions[index]?.emoji;
      add(roleId, emoji ? emojiMarkup(emoji) : null);
    });
  } else {
    for (const roleId of mentioned) add(roleId, null);
  }
  return pairs;
}
