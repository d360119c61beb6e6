import type { SandboxMessage } from "@hearth/core";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DiscordMessage } from "./discord-message";
import { DiscordLookupProvider, type DiscordLookups } from "./lookups";
import { readableRoleColor } from "./markdown";
import { relativeTime } from "./timestamp";

const now = Date.UTC(2026, 10, 27, 12, 0);
const lookups: DiscordLookups = {
  now,
  user: (id) =>
    id === "100000000000000001"
      ? { name: "Ember Keeper", color: 0xf97316 }
      : id === "200000000000000002"
        ? { name: "Hearth", bot: true }
        : null,
  role: (id) => (id === "300000000000000003" ? { name: "Giveaway Ping", color: 0xfda4af } : null),
  channel: (id) => (id === "400000000000000004" ? { name: "giveaways" } : null),
};

const message = (over: Partial<SandboxMessage>): SandboxMessage => ({
  id: "500000000000000005",
  channelId: "400000000000000004",
  authorId: "200000000000000002",
  content: "",
  embeds: [],
  components: [],
  files: [],
  reactions: [],
  createdAt: now - 60_000,
  editedAt: null,
  ephemeral: false,
  command: null,
  replyTo: null,
  ...over,
});

const show = (props: Parameters<typeof DiscordMessage>[0]) =>
  render(
    <DiscordLookupProvider value={lookups}>
      <DiscordMessage {...props} />
    </DiscordLookupProvider>,
  );

describe("DiscordMessage", () => {
  it("renders Discord's markdown: bold, italics, code, spoilers, quotes, lists and headings", () => {
    const { container } = show({
      message: message({
        content: "# Big news\n**bold** *it* `code` ||secret||\n> quoted\n- one\n- two\n1. first",
      }),
    });
    expect(container.querySelector("strong")?.textContent).toBe("bold");
    expect(container.querySelector("em")?.textContent).toBe("it");
    expect(container.querySelector("code")?.textContent).toBe("code");
    expect(container.querySelector("blockquote")?.textContent).toContain("quoted");
    expect([...container.querySelectorAll("ul li")].map((li) => li.textContent)).toEqual(["one", "two"]);
    expect(container.querySelector("ol li")?.textContent).toBe("first");
    expect(screen.getByText("Big news").className).toContain("font-bold");
    const spoiler = screen.getByRole("button", { name: "Spoiler, press to reveal" });
    expect(spoiler.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(spoiler);
    expect(spoiler.getAttribute("aria-expanded")).toBe("true");
  });

  it("shows mentions as names, timestamps as Discord does, custom emoji by name", () => {
    const at = Math.floor((now + 2 * 3_600_000) / 1000);
    show({
      message: message({
        content: `<@100000000000000001> <@&300000000000000003> <#400000000000000004> <@999999999999999999> <t:${at}:R> <:cozy_fox:600000000000000006>`,
      }),
    });
    expect(screen.getByText("@Ember Keeper")).toBeTruthy();
    expect(screen.getByText("@Giveaway Ping")).toBeTruthy();
    expect(screen.getByText("#giveaways")).toBeTruthy();
    expect(screen.getByText("@unknown-user")).toBeTruthy();
    expect(screen.getByText("in 2 hours").tagName).toBe("TIME");
    expect(screen.getByRole("img", { name: ":cozy_fox:" })).toBeTruthy();
    expect(relativeTime(now - 3 * 60_000, now)).toBe("3 minutes ago");
  });

  it("lightens a dark role colour until its mention reads on Discord's grey, keeping bright ones", () => {
    const contrast = (hex: string) => {
      const lum = (h: string) => {
        const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
          const c = Number.parseInt(h.slice(at, at + 2), 16) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      // Over the tinted mention background the scan measured (#3b3f45).
      return (lum(hex) + 0.05) / (lum("#3b3f45") + 0.05);
    };
    for (const dark of ["#94a3b8", "#1f3a93", "#000001", "#7b2d26"]) {
      const shown = readableRoleColor(dark);
      expect(shown, dark).not.toBe(dark);
      expect(contrast(shown), dark).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableRoleColor("#f1c40f")).toBe("#f1c40f");
    expect(readableRoleColor("#ffffff")).toBe("#ffffff");
  });

  it("renders every part of an embed", () => {
    show({
      message: message({
        embeds: [
          {
            title: "Giveaway",
            description: "Win **Nitro**",
            color: 0xf97316,
            author: { name: "Ember Hollow" },
            fields: [
              { name: "Winners", value: "1", inline: true },
              { name: "Ends", value: "soon", inline: false },
            ],
            thumbnail: { url: "https://cdn.discordapp.com/embed/avatars/2.png" },
            image: { url: "data:image/png;base64,iVBORw0KGgo=" },
            footer: { text: "Press Enter to join" },
            timestamp: new Date(now).toISOString(),
          },
        ],
      }),
    });
    const embed = screen.getByRole("article", { name: "Embed: Giveaway" });
    expect(embed.style.borderLeftColor).toBe("rgb(249, 115, 22)");
    expect(within(embed).getByText("Ember Hollow")).toBeTruthy();
    expect(within(embed).getByText("Nitro").tagName).toBe("STRONG");
    expect(within(embed).getByText("Winners").tagName).toBe("DT");
    expect(within(embed).getByRole("img", { name: "Default avatar" })).toBeTruthy();
    expect(within(embed).getByRole("img", { name: "Image" }).getAttribute("src")).toMatch(/^data:image/);
    expect(within(embed).getByText(/Press Enter to join/)).toBeTruthy();
  });

  it("keeps a mention in an embed's title and a field's name as written, and draws it elsewhere, as Discord does", () => {
    show({
      message: message({
        embeds: [
          {
            title: "Welcome <@100000000000000001> to **the den**",
            description: "Say hi to <@100000000000000001>",
            fields: [{ name: "Host <@&300000000000000003>", value: "<@&300000000000000003>" }],
          },
        ],
      }),
    });
    const embed = screen.getByRole("article", { name: /^Embed: Welcome/ });
    const title = within(embed).getByText(/^Welcome <@100000000000000001> to/);
    expect(title.querySelector("strong")?.textContent).toBe("the den");
    expect(within(embed).getByText("Host <@&300000000000000003>").tagName).toBe("DT");
    expect(within(embed).getByText("@Ember Keeper")).toBeTruthy();
    expect(within(embed).getByText("@Giveaway Ping").closest("dd")).toBeTruthy();
  });

  it("renders buttons by style with their disabled state, and presses the usable ones", () => {
    const onButton = vi.fn();
    show({
      message: message({
        components: [
          [
            { type: "button", style: "primary", label: "Enter", customId: "enter" },
            { type: "button", style: "danger", label: "Closed", customId: "closed", disabled: true },
            { type: "button", style: "link", label: "Docs", url: "https://example.com" },
          ],
        ],
      }),
      actions: { onButton },
    });
    fireEvent.click(screen.getByRole("button", { name: "Enter" }));
    expect(onButton).toHaveBeenCalledWith(expect.objectContaining({ customId: "enter" }));
    const closed = screen.getByRole("button", { name: "Closed" }) as HTMLButtonElement;
    expect(closed.disabled).toBe(true);
    expect(screen.getByRole("link", { name: /Docs/ }).getAttribute("href")).toBe("https://example.com");
  });

  it("shows reactions with counts, whose is whose, and an ephemeral answer's line", () => {
    const onReaction = vi.fn();
    show({
      message: message({
        content: "Only for you",
        ephemeral: true,
        editedAt: now,
        reactions: [{ emoji: { id: null, name: "🎉" }, count: 3, me: true }],
      }),
      onReaction,
    });
    const reaction = screen.getByRole("button", { name: "🎉: 3 reactions, including yours" });
    expect(reaction.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(reaction);
    expect(onReaction).toHaveBeenCalledWith({ id: null, name: "🎉" }, true);
    expect(screen.getByText("Only you can see this")).toBeTruthy();
    expect(screen.getByText("(edited)")).toBeTruthy();
  });
});
