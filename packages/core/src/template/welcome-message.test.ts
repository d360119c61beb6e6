import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultWelcomeConfig,
  type WelcomeConfig,
  welcomeConfigBody,
  welcomeLimits,
} from "../api/welcome.ts";
import { exampleTemplateContext } from "./variables.ts";
import { parseWelcomeWaveCustomId, renderWelcomeMessage, truncateToLimit } from "./welcome-message.ts";

const context = exampleTemplateContext();
const withEmbed = (embed: Partial<WelcomeConfig["embed"]>): WelcomeConfig => ({
  ...defaultWelcomeConfig,
  embed: { ...defaultWelcomeConfig.embed, ...embed },
});

describe("renderWelcomeMessage", () => {
  it("renders the default config into a greeting that mentions the member", () => {
    expect(renderWelcomeMessage(defaultWelcomeConfig, context)).toEqual({
      content: "<@448866224466880011>",
      embed: {
        title: "Welcome to Ember Hollow!",
        description:
          "Hey <@448866224466880011>, you're our 321st member!\nRead the rules and grab your roles.",
        color: "#2F3136",
        thumbnail: "https://cdn.discordapp.com/embed/avatars/3.png",
        footer: null,
        timestamp: context.now,
      },
      button: {
        label: "Wave to say hi!",
        emoji: "👋",
        style: "secondary",
        customId: "welcome:wave:448866224466880011",
      },
      allowedMentions: { users: ["448866224466880011"] },
    });
  });

  it("without the mention, pings nobody; without the button or timestamp, leaves them out", () => {
    const message = renderWelcomeMessage(
      {
        ...defaultWelcomeConfig,
        mentionUser: false,
        button: { enabled: false, label: "x", emoji: "" },
        embed: { ...defaultWelcomeConfig.embed, timestamp: false },
      },
      context,
    );
    expect(message.content).toBeNull();
    expect(message.allowedMentions.users).toEqual([]);
    expect(message.button).toBeNull();
    expect(message.embed.timestamp).toBeNull();
  });

  it("renders the footer and its icon, and drops images that don't come out as URLs", () => {
    const message = renderWelcomeMessage(
      withEmbed({
        thumbnail: "{server.icon}",
        footer: { text: "Member #{memberCount}", iconURL: "{user.avatar}" },
      }),
      context,
    );
    expect(message.embed.thumbnail).toBeNull(); // the example server has no icon
    expect(message.embed.footer).toEqual({
      text: "Member #321",
      iconURL: "https://cdn.discordapp.com/embed/avatars/3.png",
    });
  });

  it("cuts each field to Discord's limits, and the description gives way to keep the embed under 6,000", () => {
    const long = "{server.name}".repeat(400); // 400 × 12 characters once rendered
    const message = renderWelcomeMessage(
      withEmbed({ title: long, description: long, footer: { text: long, iconURL: "" } }),
      context,
    );
    expect(message.embed.title).toHaveLength(welcomeLimits.title);
    expect(message.embed.title.endsWith("…")).toBe(true);
    expect(message.embed.footer?.text).toHaveLength(welcomeLimits.footerText);
    expect(message.embed.description.length).toBeLessThanOrEqual(welcomeLimits.description);
    expect(
      message.embed.title.length +
        message.embed.description.length +
        (message.embed.footer?.text.length ?? 0),
    ).toBe(welcomeLimits.embedTotal);
  });

  it("still greets when every tag of the title and description comes out empty", () => {
    const message = renderWelcomeMessage(withEmbed({ title: "{server.icon}", description: " " }), context);
    expect(message.embed.title).toBe("Welcome to Ember Hollow!");
  });

  it("never exceeds a limit, whatever the templates", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 300 }), (title, description) => {
        const message = renderWelcomeMessage(
          withEmbed({ title: title.repeat(20), description: description.repeat(20) }),
          context,
        );
        expect(message.embed.title.length).toBeLessThanOrEqual(welcomeLimits.title);
        expect(message.embed.description.length).toBeLessThanOrEqual(welcomeLimits.description);
        expect(message.embed.title.length + message.embed.description.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe("truncateToLimit", () => {
  it("never splits a surrogate pair", () => {
    expect(truncateToLimit("ab😀cd", 4)).toBe("ab…");
    expect(truncateToLimit("abc", 3)).toBe("abc");
  });
});

describe("welcome button custom id", () => {
  it("round-trips the member id and refuses anything else", () => {
    expect(parseWelcomeWaveCustomId("welcome:wave:448866224466880011")).toBe("448866224466880011");
    expect(parseWelcomeWaveCustomId("welcome:wave:abc")).toBeNull();
    expect(parseWelcomeWaveCustomId("giveaway:enter:448866224466880011")).toBeNull();
  });
});

describe("welcomeConfigBody", () => {
  const valid = { ...defaultWelcomeConfig, guildId: "ignored" };

  it("accepts the default config and ignores unknown fields", () => {
    const parsed = welcomeConfigBody.parse(valid);
    expect(parsed).toEqual(defaultWelcomeConfig);
  });

  it("fills footer, thumbnail, timestamp, label and emoji when left out", () => {
    const parsed = welcomeConfigBody.parse({
      enabled: false,
      channelId: null,
      mentionUser: true,
      embed: { title: "Hi", description: "", color: "#fff" },
      button: { enabled: false },
    });
    expect(parsed.embed).toEqual({
      title: "Hi",
      description: "",
      color: "#FFFFFF",
      thumbnail: "",
      footer: { text: "", iconURL: "" },
      timestamp: true,
    });
    expect(parsed.button).toEqual({ enabled: false, label: "", emoji: "" });
  });

  it.each([
    ["#5865f2", "#5865F2"],
    ["5865F2", "#5865F2"],
    [" #abc ", "#AABBCC"],
  ])("normalises colour %j to %s", (color, expected) => {
    expect(welcomeConfigBody.parse(withEmbed({ color })).embed.color).toBe(expected);
  });

  it.each([
    ["{ User.Avatar }", "{user.avatar}"],
    ["{server.icon}", "{server.icon}"],
    ["https://example.com/a.png", "https://example.com/a.png"],
    ["", ""],
  ])("accepts image %j as %j", (thumbnail, expected) => {
    expect(welcomeConfigBody.parse(withEmbed({ thumbnail })).embed.thumbnail).toBe(expected);
  });

  const issuePath = (value: unknown) => {
    const result = welcomeConfigBody.safeParse(value);
    return result.success ? null : result.error.issues.map((issue) => issue.path.join("."));
  };

  it.each([
    ["a colour that isn't hex", withEmbed({ color: "blue" }), "embed.color"],
    ["a title over 256", withEmbed({ title: "x".repeat(257) }), "embed.title"],
    ["a description over 4096", withEmbed({ description: "x".repeat(4097) }), "embed.description"],
    [
      "a footer over 2048",
      withEmbed({ footer: { text: "x".repeat(2049), iconURL: "" } }),
      "embed.footer.text",
    ],
    ["a thumbnail that isn't a URL or tag", withEmbed({ thumbnail: "ftp://x" }), "embed.thumbnail"],
    [
      "an icon that is another tag",
      withEmbed({ footer: { text: "a", iconURL: "{user.name}" } }),
      "embed.footer.iconURL",
    ],
    ["neither title nor description", withEmbed({ title: " ", description: "" }), "embed.description"],
    [
      "a label over 80",
      { ...defaultWelcomeConfig, button: { enabled: true, label: "x".repeat(81), emoji: "" } },
      "button.label",
    ],
    [
      "an enabled button with neither label nor emoji",
      { ...defaultWelcomeConfig, button: { enabled: true, label: " ", emoji: "" } },
      "button.label",
    ],
    [
      "an emoji that is text",
      { ...defaultWelcomeConfig, button: { enabled: true, label: "a", emoji: "wave" } },
      "button.emoji",
    ],
    ["a channel id that isn't an id", { ...defaultWelcomeConfig, channelId: "general" }, "channelId"],
  ])("refuses %s", (_name, value, path) => {
    expect(issuePath(value)).toContain(path);
  });

  it.each(["👋", "🇫🇷", "1️⃣", "👋🏽", "<:wave:123456789012345678>", "<a:wave:123456789012345678>"])(
    "accepts emoji %s",
    (emoji) => {
      expect(issuePath({ ...defaultWelcomeConfig, button: { enabled: true, label: "", emoji } })).toBeNull();
    },
  );
});
