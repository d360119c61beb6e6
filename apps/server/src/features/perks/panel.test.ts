import { describe, expect, it } from "vitest";
import type { Button } from "../../discord/port/port.ts";
import { panelIds, panelMessage } from "./panel.ts";

// "Buttons for what the tier doesn't include are greyed out" (the /perks panel on the perks page).

const buttons = (message: ReturnType<typeof panelMessage>) =>
  new Map(
    (message.components ?? [])
      .flat()
      .filter((c): c is Button => c.type === "button")
      .map((button) => [button.customId, button]),
  );

describe("the /perks panel", () => {
  it("greys out the buttons of perks the member's tiers don't include", () => {
    const limits = {
      tiers: ["Supporter"],
      emojis: 2,
      highlights: false,
      channelMembers: 0,
      roleMembers: 5,
      afk: false,
      responders: 0,
    };
    const panel = buttons(panelMessage({ limits, member: null, keywords: [], responders: [] }));
    expect(panel.get(panelIds.emojis)?.disabled).toBe(false);
    expect(panel.get(panelIds.role)?.disabled).toBe(false);
    expect(panel.get(panelIds.keywords)?.disabled).toBe(true);
    expect(panel.get(panelIds.channel)?.disabled).toBe(true);
    expect(panel.get(panelIds.responderAdd)?.disabled).toBe(true);
    // Nothing to delete yet.
    expect(panel.get(panelIds.channelDelete)?.disabled).toBe(true);
    expect(panel.get(panelIds.roleDelete)?.disabled).toBe(true);
  });
});
