import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { docsIndex } from "virtual:hearth-docs-index";
import { screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { docsContentDir, readGuide } from "../../../scripts/docs-frontmatter";
import { renderWithProviders } from "../../test/render";
import { docsPages, docsSections, docsSupportPage } from "./docs-nav";
import { docsPageModules } from "./docs-page-modules";
import { docsSectionTitles } from "./docs-sections";

const here = path.dirname(fileURLToPath(import.meta.url));
const guideFiles = readdirSync(docsContentDir).filter((name) => name.endsWith(".mdx"));

describe("the docs registry, derived from src/content/docs", () => {
  it("finds every guide file with complete frontmatter", () => {
    expect(guideFiles.length).toBeGreaterThan(0);
    expect(docsIndex.map((entry) => `${entry.slug}.mdx`).sort()).toEqual([...guideFiles].sort());
    for (const entry of docsIndex) {
      expect(entry.title, entry.slug).not.toBe("");
      expect(entry.summary, entry.slug).not.toBe("");
      expect(Number.isFinite(entry.order), entry.slug).toBe(true);
    }
  });

  it("refuses a guide without frontmatter, with a missing field or an unknown section", () => {
    expect(() => readGuide("x.mdx", "# No frontmatter")).toThrow(/no YAML frontmatter/);
    expect(() => readGuide("x.mdx", "---\ntitle: X\nsection: Core Features\norder: 1\n---\n")).toThrow(
      /`summary`/,
    );
    expect(() =>
      readGuide("x.mdx", "---\ntitle: X\nsummary: Y\nsection: Elsewhere\norder: 1\n---\n"),
    ).toThrow(/section/);
    expect(() => readGuide("x.mdx", "---\ntitle: X\nsummary: Y\nsection: Help\norder: one\n---\n")).toThrow(
      /`order`/,
    );
    expect(
      readGuide("/a/introduction.mdx", "---\ntitle: X\nsummary: Y\nsection: Help\norder: 1\n---\n").path,
    ).toBe("/docs");
  });

  it("gives every guide one unique path, a module and a section in the spec's order", () => {
    const paths = docsPages.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(Object.keys(docsPageModules).sort()).toEqual([...paths].sort());
    expect(docsSections.map((section) => section.title)).toEqual([...docsSectionTitles]);
    expect(docsSupportPage.path).toBe("/docs/support");
    // Every guide is an .mdx file of src/content/docs: the sidebar lists exactly the content's guides.
    expect(docsIndex.map((entry) => entry.path).sort()).toEqual([...paths].sort());
  });

  it("keeps the sidebar's labels and order", () => {
    expect(docsSections.map((section) => section.pages.map((entry) => entry.label ?? entry.title))).toEqual([
      ["Introduction", "Quick Setup", "Dashboard & Tokens"],
      [
        "Grinder System",
        "Welcome System",
        "Self-Roles",
        "Vote Tracker",
        "Sticky Messages",
        "Boards",
        "Perks",
        "Statica",
        "Components",
        "Embed Builder",
        "Economy Helpers",
        "Events",
      ],
      ["Security", "Advanced"],
    ]);
  });

  it("loads no guide for the sidebar: the index carries frontmatter only", () => {
    const source = readFileSync(path.join(here, "docs-nav.ts"), "utf8");
    expect(source).toMatch(/from "virtual:hearth-docs-index"/);
    expect(source).not.toMatch(/import\(|from "[^"]*\.mdx"/);
  });
});

describe("every .mdx guide", () => {
  it.each(docsIndex.map((entry) => [entry.path, entry.title] as const))(
    "%s renders with the docs blocks and core's facts",
    async (guidePath, title) => {
      const load = docsPageModules[guidePath];
      if (!load) throw new Error(`no module for ${guidePath}`);
      const { DocsContent } = await load();
      // React reports markup that would break hydration (a block inside a paragraph) as an error.
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      renderWithProviders(
        <Suspense>
          <DocsContent />
        </Suspense>,
        guidePath,
      );
      await screen.findByRole("article");
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
      expect(screen.getByRole("article")).not.toBeNull();
      // (The introduction's live figures and the support guide's status line log their failed
      // reads: there is no API here.)
      const reported = errors.mock.calls
        .map((call) => String(call[0]))
        .filter((message) => !/^Request to \/(api\/|health\b)/.test(message));
      errors.mockRestore();
      expect(reported).toEqual([]);
    },
  );
});
