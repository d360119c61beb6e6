import { findCommand } from "@hearth/core/commands";
import { serverCaps, stickyLimits, tournamentLimits, triggerLimits } from "@hearth/core/limits";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Cmd, fact, Limit, OptionChoices, OptionRange } from "./facts";

describe("the fact components", () => {
  it("<Limit> writes core's value", () => {
    expect(fact("sticky.defaultTrigger")).toBe(stickyLimits.defaultTrigger);
    expect(fact("caps.stickies")).toBe(serverCaps.stickies.max);
    render(
      <p>
        up to <Limit of="caps.marketItems" />
      </p>,
    );
    expect(screen.getByText(`up to ${serverCaps.marketItems.max.toLocaleString("en-US")}`)).not.toBeNull();
  });

  it("an unknown key fails instead of rendering blank", () => {
    expect(() => fact("sticky.nope")).toThrow(/sticky\.nope/);
    expect(() => fact("nope.defaultTrigger")).toThrow(/no such fact/);
    expect(() => fact("sticky")).toThrow(/no such fact/);
    expect(() => fact("sticky.defaultTrigger.more")).toThrow(/no such fact/);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Limit of="boards.maxEmojis" />)).toThrow(/boards\.maxEmojis/);
    quiet.mockRestore();
  });

  it("<Cmd> and <OptionRange> read the catalogue and refuse what it doesn't have", () => {
    render(
      <p>
        <Cmd name="sticky set" args="trigger_count:5" /> takes{" "}
        <OptionRange command="sticky set" option="trigger_count" />
      </p>,
    );
    expect(screen.getByText("/sticky set trigger_count:5")).not.toBeNull();
    expect(screen.getByText(/takes 1–100/)).not.toBeNull();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Cmd name="sticky teleport" />)).toThrow(/sticky teleport/);
    expect(() => render(<OptionRange command="sticky set" option="message" />)).toThrow(/bounded option/);
    quiet.mockRestore();
  });

  it("the second half's groups read core too (triggers, tournaments' numbers only)", () => {
    expect(fact("triggers.memberDefault")).toBe(triggerLimits.memberDefault);
    expect(fact("tournaments.maxPlayers")).toBe(tournamentLimits.maxPlayers);
    // A list is no number: `tournaments.sizes` is the catalogue's choices (<OptionChoices>).
    expect(() => fact("tournaments.sizes")).toThrow(/tournaments\.sizes/);
  });

  it("<OptionChoices> lists an option's choices from the catalogue and refuses an option without any", () => {
    const sizes = findCommand("tournament create")?.options?.find((option) => option.name === "size");
    const names = sizes?.choices?.map((choice) => choice.name) ?? [];
    expect(names.length).toBeGreaterThan(2);
    render(
      <p>
        sizes <OptionChoices command="tournament create" option="size" />
      </p>,
    );
    expect(screen.getByText(`sizes ${names.slice(0, -1).join(", ")} or ${names.at(-1)}`)).not.toBeNull();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<OptionChoices command="tournament create" option="name" />)).toThrow(
      /no such option/,
    );
    expect(() => render(<OptionChoices command="tournament teleport" option="size" />)).toThrow(
      /tournament teleport/,
    );
    quiet.mockRestore();
  });
});
