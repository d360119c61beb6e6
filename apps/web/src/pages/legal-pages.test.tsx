import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { config } from "../config";
import { mockApi } from "../test/api-mock";
import { renderApp } from "../test/render";

beforeEach(() => {
  mockApi(() => undefined);
});

const termsIds = [
  "acceptance",
  "eligibility",
  "service-description",
  "user-accounts",
  "user-data",
  "payments",
  "refunds",
  "modifications",
  "termination",
  "warranties",
  "liability",
  "indemnification",
  "changes",
  "governing-law",
];

function tocTargets() {
  const toc = screen.getByRole("navigation", { name: "Table of contents" });
  return within(toc)
    .getAllByRole("link")
    .map((link) => link.getAttribute("href")?.slice(1));
}

describe("Terms of Service", () => {
  it("has 14 anchored sections with a table of contents, effective and updated July 20, 2025", async () => {
    renderApp("/terms");
    await screen.findByRole("heading", { level: 1, name: "Terms of Service" });
    expect(tocTargets()).toEqual(termsIds);
    for (const id of termsIds) expect(document.getElementById(id)?.tagName).toBe("SECTION");
    expect(screen.getByText(/Effective:/).textContent).toBe(
      "Effective: July 20, 2025 · Last updated: July 20, 2025",
    );
  });

  it("states the age and refund policies", async () => {
    renderApp("/terms");
    await screen.findByRole("heading", { level: 1, name: "Terms of Service" });
    expect(document.getElementById("eligibility")?.textContent).toContain("13 years old");
    expect(document.getElementById("refunds")?.textContent).toContain("below 95%");
    expect(
      within(document.getElementById("refunds") as HTMLElement)
        .getByRole("link", { name: "Refund Policy" })
        .getAttribute("href"),
    ).toBe("/refund");
  });

  it("lists the three ways to get in touch", async () => {
    renderApp("/terms");
    await screen.findByRole("heading", { level: 1, name: "Terms of Service" });
    const contact = screen.getByRole("heading", { name: "Contact" }).parentElement as HTMLElement;
    expect(within(contact).getByRole("link", { name: /@/ }).getAttribute("href")).toMatch(/^mailto:/);
    const supportServer = within(contact).getByRole("link", { name: "support server" });
    expect(supportServer.getAttribute("href")).toBe(config.supportServerUrl);
    expect(supportServer.getAttribute("target")).toBe("_blank");
    expect(within(contact).getByRole("link", { name: "support page" }).getAttribute("href")).toBe("/support");
  });
});

describe("Privacy Policy", () => {
  it("has 11 anchored sections and subsections a to e", async () => {
    renderApp("/privacy");
    await screen.findByRole("heading", { level: 1, name: "Privacy Policy" });
    const ids = tocTargets();
    expect(ids).toHaveLength(11);
    for (const id of ids) expect(document.getElementById(id ?? "")).not.toBeNull();
    const collected = document.getElementById("information-collected") as HTMLElement;
    expect(
      within(collected)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent?.slice(0, 2)),
    ).toEqual(["a.", "b.", "c.", "d.", "e."]);
    expect(document.getElementById("children")?.textContent).toContain("under 13");
  });
});

describe("Refund Policy", () => {
  it("explains the uptime refund and how to ask", async () => {
    renderApp("/refund");
    await screen.findByRole("heading", { level: 1, name: "Refund Policy" });
    expect(document.getElementById("uptime-guarantee")?.textContent).toContain("below 95%");
    expect(document.getElementById("how-to-request")).not.toBeNull();
  });
});
