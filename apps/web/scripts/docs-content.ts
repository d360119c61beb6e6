/**
 * The docs guides as content: every `src/content/docs/<slug>.mdx` is a guide at `/docs/<slug>`
 * (`introduction.mdx` at `/docs`). `docsContent()` gives the Vite plugins that compile them (MDX,
 * with the blocks of `src/pages/docs/mdx-components.tsx` provided to every guide) and the virtual
 * module `virtual:hearth-docs-index`: every guide's frontmatter, read at build time, so the sidebar
 * and the route table know the guides without loading any of them. Used by vite.config.ts, the
 * prerender build and vitest.config.ts alike.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import mdx from "@mdx-js/rollup";
import remarkFrontmatter from "remark-frontmatter";
import type { Plugin } from "vite";
import { docsContentDir, readDocsIndex } from "./docs-frontmatter.ts";

const componentsModule = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../src/pages/docs/mdx-components.tsx",
);

const indexId = "virtual:hearth-docs-index";
const resolvedIndexId = `\0${indexId}`;

/** `virtual:hearth-docs-index`: `docsIndex`, every guide's frontmatter (no guide's body). */
function docsIndexPlugin(): Plugin {
  return {
    name: "hearth:docs-index",
    resolveId(id) {
      return id === indexId ? resolvedIndexId : undefined;
    },
    load(id) {
      if (id !== resolvedIndexId) return undefined;
      // Rebuilt when a guide's frontmatter changes (and, in dev, when one is added or removed).
      for (const name of readdirSync(docsContentDir)) this.addWatchFile(path.join(docsContentDir, name));
      return `export const docsIndex = ${JSON.stringify(readDocsIndex())};`;
    },
    configureServer(server) {
      const reindex = (file: string) => {
        if (!file.startsWith(docsContentDir) || !file.endsWith(".mdx")) return;
        const module = server.moduleGraph.getModuleById(resolvedIndexId);
        if (module) server.moduleGraph.invalidateModule(module);
      };
      server.watcher.on("add", reindex).on("unlink", reindex).on("change", reindex);
    },
  };
}

/** The Vite plugins that make the docs content: MDX compilation and the guides' index. */
export function docsContent(): Plugin[] {
  return [
    {
      enforce: "pre",
      ...mdx({
        include: /\.mdx$/,
        remarkPlugins: [remarkFrontmatter],
        // Every guide gets the docs blocks (Callout, CommandTable, Limit…) without importing them.
        providerImportSource: componentsModule,
      }),
    } as Plugin,
    docsIndexPlugin(),
  ];
}
