import type { ServerSettings, SettingsEditBody } from "@hearth/core";
import { defineCommand } from "../../bot/commands/command.ts";
import type { Embed } from "../../discord/port/port.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import type { BotFeature } from "../feature.ts";
import { fieldDetail, fieldEdit } from "./helper-fields.ts";
import { editSettings, getSettings } from "./service.ts";

type ToggleField = Exclude<
  keyof SettingsEditBody,
  "antiPoolShow" | "memberTriggerLimit" | "heistImageUrl" | "gameBotIds" | "tipsEvery"
>;

/** `/settings` feature choices (the catalogue's) → label and the settings field they switch. */
const features: Record<string, { label: string; field: ToggleField | "antiPool" }> = {
  events_cheat: { label: "Event helper", field: "eventsCheatEnabled" },
  calculator: { label: "Calculator", field: "calculatorEnabled" },
  bank_calculator: { label: "Bank calculator", field: "bankCalculatorEnabled" },
  tips: { label: "Tips", field: "tipsEnabled" },
  market_checker: { label: "Market checker", field: "marketCheckerEnabled" },
  heist_image: { label: "Heist image", field: "heist_image" },
  rumble_tracker: { label: "Rumble tracker", field: "rumbleTrackerEnabled" },
  anti_pool: { label: "Anti-pool protection", field: "antiPool" },
};

const isOn = (settings: ServerSettings, field: ToggleField | "antiPool") =>
  field === "antiPool" ? settings.antiPoolShow.toggle : settings[field];
const state = (on: boolean) => (on ? "✅ On" : "⛔ Off");

function settingsEmbed(settings: ServerSettings): Embed {
  const pool = settings.antiPoolShow.poolManagerId;
  return {
    title: "Feature settings",
    description: "Switch one with `/settings feature:<name> toggle:<true|false>`.",
    color: 0xf97316,
    fields: [
      ...Object.entries(features).map(([name, { label, field }]) => ({
        name: `${label} (\`${name}\`)`,
        value: `${state(isOn(settings, field))}${field === "antiPool" && pool ? ` · pool manager <@${pool}>` : ""}${fieldDetail(name, settings)}`,
        inline: true,
      })),
      { name: "Member trigger limit", value: String(settings.memberTriggerLimit), inline: true },
    ],
  };
}

/**
 * The settings service names the API's fields (`heistImageUrl`) and points to the dashboard's
 * Pool Manager field; a member using /settings knows the command's options (`image_link`) and
 * needs to know where the pool manager is cleared.
 */
async function editFromCommand(...args: Parameters<typeof editSettings>): Promise<ServerSettings> {
  try {
    return await editSettings(...args);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.field === "heistImageUrl") {
      throw badRequest(`**image_link**: ${error.message.replace(/^heistImageUrl: /, "")}`, "image_link");
    }
    if (error.field === "antiPoolShow.toggle") {
      throw badRequest(
        `${error.message} (The pool manager is cleared on the dashboard's Settings tab.)`,
        "toggle",
      );
    }
    throw error;
  }
}

const toggleBody = (field: ToggleField | "antiPool", toggle: boolean): SettingsEditBody =>
  field === "antiPool" ? { antiPoolShow: { toggle } } : { [field]: toggle };

const settingsCommand = defineCommand("settings", async (command) => {
  const { ctx, serverId } = command;
  const name = command.options.string("feature");
  const toggle = command.options.boolean("toggle");
  if (!name) {
    if (toggle !== undefined) throw badRequest("Choose a **feature** to switch on or off.");
    await command.reply({ embeds: [settingsEmbed(await getSettings(ctx, serverId))] });
    return;
  }
  // The option is user text: only the table's own entries count (never "toString", "__proto__"…).
  const feature = Object.hasOwn(features, name) ? features[name] : undefined;
  if (!feature) {
    throw badRequest(`Unknown feature "${name}". Choose one of: ${Object.keys(features).join(", ")}.`);
  }
  const fields = fieldEdit(name, command.options);
  if (fields) {
    const edited = await editFromCommand(
      ctx,
      serverId,
      { ...fields, ...(toggle === undefined ? {} : toggleBody(feature.field, toggle)) },
      { tokenId: null, userId: command.user.id },
    );
    await command.reply({
      content: `**${feature.label}** is ${state(isOn(edited, feature.field))}${fieldDetail(name, edited)}.`,
      allowedMentions: {},
    });
    return;
  }
  if (toggle === undefined) {
    const settings = await getSettings(ctx, serverId);
    await command.reply(
      `**${feature.label}** is ${state(isOn(settings, feature.field))}. Add \`toggle:true\` or \`toggle:false\` to switch it.`,
    );
    return;
  }
  const settings = await editFromCommand(ctx, serverId, toggleBody(feature.field, toggle), {
    tokenId: null,
    userId: command.user.id,
  });
  const now = isOn(settings, feature.field);
  const note =
    now === toggle
      ? ""
      : " (anti-pool protection stays on while a pool manager is set; clear it on the dashboard)";
  await command.reply(`**${feature.label}** is now ${state(now)}${note}.`);
});

/** This feature's slash commands and gateway listeners. */
export const settingsBot: BotFeature = {
  commands: () => [settingsCommand],
};
