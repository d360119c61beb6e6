import type { ComponentType } from "react";

type GuideModule = () => Promise<{ DocsContent: ComponentType }>;

/** `introduction.mdx` is /docs; `<slug>.mdx` is /docs/<slug>. */
export function guidePath(file: string): string {
  const slug = file.replace(/^.*\//, "").replace(/\.mdx$/, "");
  return slug === "introduction" ? "/docs" : `/docs/${slug}`;
}

const contentModules = Object.entries(
  import.meta.glob<{ default: ComponentType }>("../../content/docs/*.mdx"),
).map(([file, load]): [string, GuideModule] => [
  guidePath(file),
  async () => ({ DocsContent: (await load()).default }),
]);

/**
 * Each docs guide's module, one chunk per guide, so a guide loads only when it is opened: the
 * .mdx files of src/content/docs. Kept apart from docs-routes.tsx so
 * the site's route table can start a guide's chunk together with the docs layout's
 * (app/routes.tsx) instead of after it.
 */
export const docsPageModules: Record<string, GuideModule> = Object.fromEntries(contentModules);
