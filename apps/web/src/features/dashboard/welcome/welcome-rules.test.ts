import { defaultWelcomeConfig } from "@hearth/core";
import { describe, expect, it } from "vitest";
import { previewImage } from "../shared/preview-image";
import {
  canTest,
  colorPresets,
  pickerColor,
  pingAddProblem,
  welcomeAsBotMessage,
  welcomeFieldErrors,
  welcomeTexts,
} from "./welcome-rules";

describe("welcome rules", () => {
  it("has the spec's eight colour presets", () => {
    expect(colorPresets.map((preset) => `${preset.name} ${preset.color}`)).toEqual([
      "Discord Dark #2F3136",
      "Blurple #5865F2",
      "Green #57F287",
      "Yellow #FEE75C",
      "Fuchsia #EB459E",
      "Red #ED4245",
      "White #FFFFFF",
      "Black #000000",
    ]);
  });

  it("uses the spec's unsaved-changes warning", () => {
    expect(welcomeTexts.unsaved).toBe('You have unsaved changes. Click "Save" to apply your configuration.');
  });

  it("allows Test only with a channel and nothing in flight", () => {
    expect(canTest(defaultWelcomeConfig, false)).toBe(false);
    const withChannel = { ...defaultWelcomeConfig, channelId: "108528396140544011" };
    expect(canTest(withChannel, false)).toBe(true);
    expect(canTest(withChannel, true)).toBe(false);
    expect(canTest(null, false)).toBe(false);
  });

  it("reports field errors with the API's schema", () => {
    expect(welcomeFieldErrors(defaultWelcomeConfig)).toEqual({});
    const bad = {
      ...defaultWelcomeConfig,
      embed: { ...defaultWelcomeConfig.embed, color: "orange", title: "", description: "" },
    };
    const errors = welcomeFieldErrors(bad);
    expect(errors["embed.color"]).toMatch(/hex colour/);
    expect(errors["embed.description"]).toMatch(/title or a description/);
  });

  it("ignores a blank ping channel and refuses a listed one", () => {
    expect(pingAddProblem(["1"], "")).toBe("blank");
    expect(pingAddProblem(["1"], "1")).toBe("duplicate");
    expect(pingAddProblem(["1"], "2")).toBeNull();
  });

  it("gives the colour picker a usable value", () => {
    expect(pickerColor("#F97316")).toBe("#f97316");
    expect(pickerColor("fff")).toBe("#ffffff");
    expect(pickerColor("orange")).toBe("#2f3136");
  });

  it("shows Discord's default avatars from the site and names other hosts", () => {
    expect(previewImage("https://cdn.discordapp.com/embed/avatars/3.png")).toEqual({ src: "/avatars/3.svg" });
    expect(previewImage("https://cdn.discordapp.com/icons/1/a.png")).toEqual({
      src: "https://cdn.discordapp.com/icons/1/a.png",
    });
    expect(previewImage("https://example.com/banner.png")).toEqual({ host: "example.com" });
    expect(previewImage("")).toBeNull();
    // The site's own images load (same origin); another port or host of the same machine is named.
    expect(previewImage("http://localhost:3000/images/heist-banner.png", "http://localhost:3000")).toEqual({
      src: "http://localhost:3000/images/heist-banner.png",
    });
    expect(previewImage("http://localhost:3000/images/heist-banner.png", "http://127.0.0.1:3000")).toEqual({
      host: "localhost",
    });
  });
});

describe("welcomeAsBotMessage", () => {
  it("hands the rendered welcome to the shared preview unchanged: colour as a number, time as ISO, the wave button", () => {
    const at = Date.UTC(2026, 10, 27, 12, 0);
    const shown = welcomeAsBotMessage({
      content: "<@123456789012345678>",
      embed: {
        title: "Welcome Ember!",
        description: "Say hi in <#223456789012345678>",
        color: "#F97316",
        thumbnail: "https://cdn.discordapp.com/embed/avatars/1.png",
        footer: { text: "Member #42", iconURL: null },
        timestamp: at,
      },
      button: { label: "Wave", emoji: "👋", style: "secondary", customId: "welcome:wave:123456789012345678" },
    });
    expect(shown).toEqual({
      content: "<@123456789012345678>",
      embeds: [
        {
          title: "Welcome Ember!",
          description: "Say hi in <#223456789012345678>",
          color: 0xf97316,
          thumbnail: { url: "https://cdn.discordapp.com/embed/avatars/1.png" },
          footer: { text: "Member #42" },
          timestamp: new Date(at).toISOString(),
        },
      ],
      components: [
        [
          {
            type: "button",
            style: "secondary",
            label: "Wave",
            emoji: "👋",
            customId: "welcome:wave:123456789012345678",
          },
        ],
      ],
    });
  });

  it("leaves out what is off: no mention, no timestamp, no footer, no thumbnail, no button", () => {
    const shown = welcomeAsBotMessage({
      content: null,
      embed: {
        title: "",
        description: "Hi",
        color: "#57F287",
        thumbnail: null,
        footer: null,
        timestamp: null,
      },
      button: null,
    });
    expect(shown).toEqual({ content: "", embeds: [{ description: "Hi", color: 0x57f287 }], components: [] });
  });
});
