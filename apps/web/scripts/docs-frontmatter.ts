/**
 * The docs guides' frontmatter (src/content/docs/<slug>.mdx): read and checked at build time by
 * docs-content.ts's index module, and by the registry test.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { docsHelpSection, docsSectionTitles } from "../src/pages/docs/docs-sections.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const docsContentDir = path.resolve(here, "../src/content/docs");

/** One guide's frontmatter, and where it is served. */
export interface DocsIndexEntry {
  slug: string;
  path: string;
  title: string;
  label?: string;
  summary: string;
  section: string;
  order: number;
}

const frontmatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

/** Reads one guide's frontmatter; throws naming the file and the field when it is missing or wrong. */
export function readGuide(file: string, source: string): DocsIndexEntry {
  const slug = path.basename(file, ".mdx");
  const block = frontmatterPattern.exec(source)?.[1];
  if (block === undefined) throw new Error(`${file}: no YAML frontmatter (--- … ---) at the top`);
  const data: unknown = parse(block);
  if (typeof data !== "object" || data === null) throw new Error(`${file}: the frontmatter is not a map`);
  const fields = data as Record<string, unknown>;
  const text = (name: string, optional = false) => {
    const value = fields[name];
    if (value === undefined && optional) return undefined;
    if (typeof value !== "string" || value.trim() === "") {
      throw new Error(`${file}: frontmatter \`${name}\` must be a non-empty string`);
    }
    return value;
  };
  const known = new Set(["title", "label", "summary", "section", "order"]);
  const unknown = Object.keys(fields).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`${file}: unknown frontmatter ${unknown.join(", ")}`);
  const section = text("section") ?? "";
  if (![...docsSectionTitles, docsHelpSection].includes(section as never)) {
    throw new Error(
      `${file}: frontmatter \`section\` "${section}" is none of ${[...docsSectionTitles, docsHelpSection].join(", ")} (pages/docs/docs-sections.ts)`,
    );
  }
  const order = fields.order;
  if (typeof order !== "number" || !Number.isFinite(order)) {
    throw new Error(`${file}: frontmatter \`order\` must be a number`);
  }
  const label = text("label", true);
  return {
    slug,
    path: slug === "introduction" ? "/docs" : `/docs/${slug}`,
    title: text("title") ?? "",
    ...(label ? { label } : {}),
    summary: text("summary") ?? "",
    section,
    order,
  };
}

/** Every guide in the content folder, in section order, then by `order`. */
export function readDocsIndex(dir = docsContentDir): DocsIndexEntry[] {
  const sectionRank = (section: string) => {
    const rank = (docsSectionTitles as readonly string[]).indexOf(section);
    return rank === -1 ? docsSectionTitles.length : rank;
  };
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith(".mdx"))
    .map((name) => readGuide(path.join(dir, name), readFileSync(path.join(dir, name), "utf8")));
  for (const entry of entries) {
    const clash = entries.find(
      (other) => other !== entry && other.section === entry.section && other.order === entry.order,
    );
    if (clash)
      throw new Error(
        `${entry.slug}.mdx and ${clash.slug}.mdx share order ${entry.order} in "${entry.section}"`,
      );
  }
  return entries.sort((a, b) => sectionRank(a.section) - sectionRank(b.section) || a.order - b.order);
}
