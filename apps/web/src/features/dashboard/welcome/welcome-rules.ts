import {
  type BotMessagePreview,
  type WelcomeConfig,
  type WelcomeMessage,
  welcomeColorPresets,
  welcomeConfigBody,
} from "@hearth/core";
import { type FieldErrors, issuesToFieldErrors } from "../shared/errors";

/** The welcome and ping-on-join panels' texts (spec §§4, 8). */
export const welcomeTexts = {
  unsaved: 'You have unsaved changes. Click "Save" to apply your configuration.',
  selectChannelFirst: "Select a channel first",
  loadFailed: "Failed to load welcome configuration",
  saveFailed: "Failed to save configuration",
  toggleFailed: "Failed to toggle welcome system",
  testFailed: "Failed to send test message",
  saved: "Welcome configuration saved successfully!",
  enabled: "Welcome system enabled!",
  disabled: "Welcome system disabled!",
  tested: "Test welcome message sent successfully!",
} as const;

export const pingTexts = {
  loadFailed: "Failed to load configuration",
  updateFailed: "Failed to update setting",
  addFailed: "Failed to add channel",
  removeFailed: "Failed to remove channel",
  duplicate: "Channel is already in the list",
  enabled: "Ping on Join enabled!",
  disabled: "Ping on Join disabled!",
  saved: "Ping on Join configuration saved successfully!",
  added: "Channel added successfully!",
  removed: "Channel removed successfully!",
} as const;

export const colorPresets = welcomeColorPresets;

/** The form's field errors by the API's own schema (keyed like `embed.title`); empty when valid. */
export function welcomeFieldErrors(config: WelcomeConfig): FieldErrors {
  const parsed = welcomeConfigBody.safeParse(config);
  return parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
}

/** Test needs a channel and nothing in flight (spec §4). */
export function canTest(config: WelcomeConfig | null, busy: boolean): boolean {
  return Boolean(config?.channelId) && !busy;
}

/** Adding a ping channel: a blank value is ignored, a listed one refused (spec §5). */
export function pingAddProblem(channels: readonly string[], channelId: string): "blank" | "duplicate" | null {
  if (!channelId.trim()) return "blank";
  return channels.includes(channelId) ? "duplicate" : null;
}

/** A colour the picker can show: `#RRGGBB`, else the default dark. */
export function pickerColor(color: string): string {
  const hex = color.trim().replace(/^#/, "");
  if (/^[0-9a-f]{6}$/i.test(hex)) return `#${hex.toLowerCase()}`;
  if (/^[0-9a-f]{3}$/i.test(hex))
    return `#${[...hex]
      .map((digit) => digit + digit)
      .join("")
      .toLowerCase()}`;
  return "#2f3136";
}

/**
 * The welcome the API rendered (`POST /api/welcome/preview`, the bot's own renderer), in the shape
 * the dashboard's shared Discord preview draws: `#RRGGBB` as a number, the time as ISO text, the wave
 * button as a grey button. Nothing is re-rendered here; only the shape changes.
 */
export function welcomeAsBotMessage(
  message: Pick<WelcomeMessage, "content" | "embed" | "button">,
): BotMessagePreview {
  const { embed, button } = message;
  const color = /^#[0-9a-f]{6}$/i.test(embed.color) ? Number.parseInt(embed.color.slice(1), 16) : undefined;
  return {
    content: message.content ?? "",
    embeds: [
      {
        ...(embed.title ? { title: embed.title } : {}),
        ...(embed.description ? { description: embed.description } : {}),
        ...(color === undefined ? {} : { color }),
        ...(embed.thumbnail ? { thumbnail: { url: embed.thumbnail } } : {}),
        ...(embed.footer
          ? {
              footer: {
                text: embed.footer.text,
                ...(embed.footer.iconURL ? { iconUrl: embed.footer.iconURL } : {}),
              },
            }
          : {}),
        ...(embed.timestamp === null ? {} : { timestamp: new Date(embed.timestamp).toISOString() }),
      },
    ],
    components: button
      ? [
          [
            {
              type: "button",
              style: button.style,
              label: button.label,
              ...(button.emoji ? { emoji: button.emoji } : {}),
              customId: button.customId,
            },
          ],
        ]
      : [],
  };
}
