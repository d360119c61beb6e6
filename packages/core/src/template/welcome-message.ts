import { type WelcomeConfig, type WelcomeMessage, welcomeLimits } from "../api/welcome.ts";
import { renderTemplate } from "./template.ts";
import type { TemplateContext } from "./variables.ts";

/** Custom id of the welcome button: the prefix, then the new member's id. */
export const welcomeWaveCustomIdPrefix = "welcome:wave:";

/** The member id a welcome button's custom id points at, or null when it isn't a welcome button. */
export function parseWelcomeWaveCustomId(customId: string): string | null {
  if (!customId.startsWith(welcomeWaveCustomIdPrefix)) return null;
  const memberId = customId.slice(welcomeWaveCustomIdPrefix.length);
  return /^\d{17,20}$/.test(memberId) ? memberId : null;
}

/** Cuts text to `max` UTF-16 units (Discord's measure errs no lower), ending in "…", never mid-character. */
export function truncateToLimit(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  let cut = text.slice(0, max - 1);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** A rendered image field: a URL Discord (or, in the sandbox, a browser) can load, else nothing. */
function imageUrl(rendered: string): string | null {
  const url = rendered.trim();
  return /^https?:\/\/\S+$/i.test(url) || /^data:image\//i.test(url) ? url : null;
}

/**
 * Renders a welcome config for one member exactly as the bot sends it: every text field through
 * the template language, cut to Discord's limits (the description gives way first when the embed
 * would pass 6,000 characters), images dropped when they don't render to a URL. Pure, so the
 * dashboard can preview with the very code the bot runs.
 */
export function renderWelcomeMessage(config: WelcomeConfig, context: TemplateContext): WelcomeMessage {
  const render = (template: string) => renderTemplate(template, context);
  let title = truncateToLimit(render(config.embed.title).trim(), welcomeLimits.title);
  let description = truncateToLimit(render(config.embed.description).trim(), welcomeLimits.description);
  const footerText = truncateToLimit(render(config.embed.footer.text).trim(), welcomeLimits.footerText);
  const excess = title.length + description.length + footerText.length - welcomeLimits.embedTotal;
  if (excess > 0) description = truncateToLimit(description, description.length - excess);
  // Discord refuses an embed with neither; a config whose tags all came out empty still greets.
  if (title === "" && description === "") {
    title = truncateToLimit(`Welcome to ${context.server.name}!`, welcomeLimits.title);
  }

  const mention = config.mentionUser ? `<@${context.user.id}>` : null;
  const label = config.button.enabled
    ? truncateToLimit(render(config.button.label).trim(), welcomeLimits.buttonLabel)
    : "";
  const emoji = config.button.emoji === "" ? null : config.button.emoji;
  return {
    content: mention,
    embed: {
      title,
      description,
      color: config.embed.color,
      thumbnail: imageUrl(render(config.embed.thumbnail)),
      footer:
        footerText === ""
          ? null
          : { text: footerText, iconURL: imageUrl(render(config.embed.footer.iconURL)) },
      timestamp: config.embed.timestamp ? context.now : null,
    },
    button: config.button.enabled
      ? {
          label: label === "" && emoji === null ? "Wave to say hi!" : label,
          emoji,
          style: "secondary",
          customId: `${welcomeWaveCustomIdPrefix}${context.user.id}`,
        }
      : null,
    allowedMentions: { users: mention ? [context.user.id] : [] },
  };
}
