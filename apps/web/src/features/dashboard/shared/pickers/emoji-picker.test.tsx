import type { ServerEmoji } from "@hearth/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { type EmojiOption, EmojiPicker, emojiMatches, sameEmoji } from "./emoji-picker";

const customEmojis: ServerEmoji[] = [
  {
    id: "600000000000000001",
    name: "ember_heart",
    animated: false,
    markup: "<:ember_heart:600000000000000001>",
  },
  {
    id: "600000000000000002",
    name: "hollow_fire",
    animated: false,
    markup: "<:hollow_fire:600000000000000002>",
  },
];

function Harness({ initial = "", onChange }: { initial?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <EmojiPicker
      label="Emoji"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      customEmojis={customEmojis}
    />
  );
}

const type = (text: string) => {
  const box = screen.getByRole("combobox", { name: "Emoji" });
  fireEvent.click(box);
  fireEvent.change(box, { target: { value: text } });
  return box;
};

describe("EmojiPicker", () => {
  it("finds Unicode's emojis by name or :shortcode:, the server's own first, and chooses by keyboard", async () => {
    const chosen = vi.fn();
    render(<Harness onChange={chosen} />);
    const box = type("fire");
    await screen.findByRole("option", { name: /fire engine/ });
    const options = screen.getAllByRole("option");
    // The server's :hollow_fire: first, then names starting with "fire" before those only containing it.
    expect(options[0]?.textContent).toContain(":hollow_fire:");
    expect(options[1]?.textContent).toMatch(/^🔥fire/);
    expect(options.some((option) => option.textContent?.includes("fire engine"))).toBe(true);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(chosen).toHaveBeenLastCalledWith("🔥");
    await waitFor(() => expect((box as HTMLInputElement).value).toBe("🔥 fire"));

    type(":star:");
    fireEvent.click((await screen.findAllByRole("option", { name: /star/ }))[0] as HTMLElement);
    expect(sameEmoji(chosen.mock.lastCall?.[0] ?? "", "⭐")).toBe(true);

    type("ember");
    fireEvent.click(await screen.findByRole("option", { name: /:ember_heart:/ }));
    expect(chosen).toHaveBeenLastCalledWith("<:ember_heart:600000000000000001>");
    expect((box as HTMLInputElement).value).toBe(":ember_heart:");
  });

  it("names the saved emoji, offers a pasted one the list lacks as typed, and says when nothing matches", async () => {
    const chosen = vi.fn();
    render(<Harness initial="⭐" onChange={chosen} />);
    const box = screen.getByRole("combobox", { name: "Emoji" }) as HTMLInputElement;
    // 🫩 (Unicode 16) is newer than the list. ⭐ is saved without the variation selector the list's ⭐️ has: still found, by its name.
    await waitFor(() => expect(box.value).toBe("⭐️ star"));
    type("🫩");
    fireEvent.click(await screen.findByRole("option", { name: /as typed/ }));
    expect(chosen).toHaveBeenLastCalledWith("🫩");
    type("zzqqxx");
    expect(await screen.findByText("No emoji matches “zzqqxx”.")).toBeTruthy();
  });

  it("ranks and caps matches", () => {
    const options: EmojiOption[] = [
      { value: "🏕️", name: "camping", shortcodes: "camping", custom: false },
      { value: "🔥", name: "fire", shortcodes: "fire", custom: false },
      ...Array.from({ length: 100 }, (_, n) => ({
        value: `x${n}`,
        name: `thing ${n}`,
        shortcodes: "",
        custom: false,
      })),
    ];
    expect(emojiMatches(options, "").length).toBe(60);
    expect(emojiMatches(options, "thing").length).toBe(60);
    expect(emojiMatches(options, ":fire:").map((o) => o.value)).toEqual(["🔥"]);
    expect(emojiMatches(options, "🔥").map((o) => o.value)).toEqual(["🔥"]);
  });
});
