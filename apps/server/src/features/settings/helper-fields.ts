import { gameBotIdsMax, type ServerSettings, type SettingsEditBody, settingsEditBody } from "@hearth/core";
import type { CommandOptions } from "../../bot/commands/command.ts";
import { badRequest } from "../../lib/errors.ts";

// `/settings`' fields beside the switches (issue 13): the heist image link, the Event helper's game
// bots, anti-pool's window and the tip frequency. Read from the command's options into the same edit body the
// dashboard sends, so both go through the same checks.

/** Which feature each field option belongs to (`/settings feature:heist_image image_link:…`). */
const fieldOptions = {
  image_link: "heist_image",
  game_bots: "events_cheat",
  window_hours: "anti_pool",
  tips_every: "tips",
} as const;

/** The edit the field options ask for, or null when none was given. */
export function fieldEdit(feature: string, options: CommandOptions): SettingsEditBody | null {
  const given = (Object.keys(fieldOptions) as (keyof typeof fieldOptions)[]).filter((name) =>
    options.has(name),
  );
  if (given.length === 0) return null;
  for (const name of given) {
    if (fieldOptions[name] !== feature) {
      throw badRequest(`**${name}** goes with \`feature:${fieldOptions[name]}\`.`, name);
    }
  }
  const raw: Record<string, unknown> = {};
  const link = options.string("image_link");
  if (link !== undefined) raw.heistImageUrl = /^(none|clear|off|-)$/i.test(link.trim()) ? null : link;
  const bots = options.string("game_bots");
  if (bots !== undefined) raw.gameBotIds = [...bots.matchAll(/\d{17,20}/g)].map((m) => m[0]);
  const hours = options.number("window_hours");
  if (hours !== undefined) raw.antiPoolShow = { windowHours: hours };
  const every = options.number("tips_every");
  if (every !== undefined) raw.tipsEvery = every;
  const parsed = settingsEditBody.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field =
      issue?.path[0] === "gameBotIds"
        ? "game_bots"
        : issue?.path[0] === "antiPoolShow"
          ? "window_hours"
          : issue?.path[0] === "tipsEvery"
            ? "tips_every"
            : "image_link";
    const hint = field === "game_bots" ? ` (1 to ${gameBotIdsMax} bot ids or mentions)` : "";
    throw badRequest(`**${field}** ${issue?.message ?? "is not valid"}${hint}.`, field);
  }
  return parsed.data;
}

/** The detail `/settings` shows beside a feature's switch. */
export function fieldDetail(feature: string, settings: ServerSettings): string {
  if (feature === "heist_image")
    return settings.heistImageUrl ? ` · [image](${settings.heistImageUrl})` : " · no image link";
  if (feature === "events_cheat")
    return ` · game bot${settings.gameBotIds.length === 1 ? "" : "s"} ${settings.gameBotIds.map((id) => `<@${id}>`).join(" ")}`;
  if (feature === "anti_pool") return ` · ${settings.antiPoolShow.windowHours} h window`;
  if (feature === "tips") return ` · one reply in ${settings.tipsEvery}`;
  return "";
}
