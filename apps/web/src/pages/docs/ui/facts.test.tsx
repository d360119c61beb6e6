import { serverCaps, stickyLimits } from "@hearth/core/limits";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Cmd, fact, Limit, OptionRange } from "./facts";

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
});
