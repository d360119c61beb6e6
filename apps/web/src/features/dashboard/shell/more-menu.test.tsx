import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { MorePage } from "../shared/more-pages";
import { MoreMenu } from "./more-menu";

const page = (id: string, label: string): MorePage => ({
  id,
  label,
  description: `${label}: what it manages`,
  required: "admin",
  load: async () => ({ default: () => null }),
});
const pages = [page("self-roles", "Self-roles"), page("sticky", "Sticky messages"), page("boards", "Boards")];

describe("the More menu", () => {
  it("opens on ArrowDown at the first page, moves with the arrows, chooses with Enter and gives focus back", () => {
    const onSelect = vi.fn();
    render(<MoreMenu pages={pages} active={null} onSelect={onSelect} />);
    const button = screen.getByRole("button", { name: "More" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    button.focus();
    fireEvent.keyDown(button, { key: "ArrowDown" });
    const menu = screen.getByRole("menu", { name: "More dashboard pages" });
    const items = screen.getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(pages.map((p) => `${p.label}${p.description}`));
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: "ArrowUp" });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: "Home" });
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.click(items[1] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith("sticky");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("closes on Escape without choosing, and names the open page on its button", () => {
    const onSelect = vi.fn();
    render(<MoreMenu pages={pages} active="boards" onSelect={onSelect} />);
    const button = screen.getByRole("button", { name: "More: Boards" });
    fireEvent.click(button);
    const current = screen.getByRole("menuitem", { current: "page" });
    expect(current.textContent).toContain("Boards");
    expect(document.activeElement).toBe(current);
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(onSelect).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
  });
});
