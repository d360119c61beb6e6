/**
 * Build step (run by vite.config.ts once the client bundle is written): builds src/entry-server.tsx
 * for Node with Vite's SSR build, renders every public page with React's `prerenderToNodeStream`
 * into the client build's index.html, and writes each page to `dist/<path>/index.html`, which the
 * server sends at that path (apps/server/src/http/web-static.ts), with the site's CSS inlined. The
 * untouched shell is kept as `dist/spa.html` for the dashboard and the other client routes (listed in
 * `dist/shell-routes.json`), which render in the browser; other paths get the prerendered 404 page.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { docsContent } from "./docs-content.ts";
import { unicodeEmojis } from "./unicode-emojis";

/** The shell the server sends where no page was prerendered. */
export const SPA_SHELL = "spa.html";

/** The client routes the shell renders, for the server to tell them from unknown paths (404). */
export const SHELL_ROUTES = "shell-routes.json";

interface ServerEntry {
  prerenderedPaths: readonly string[];
  shellRoutes: readonly string[];
  renderPage(path: string): Promise<{ html: string; title: string; description: string }>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Puts a rendered page into the shell: its markup in #root, its own title and description in the head. */
export function fillShell(shell: string, page: { html: string; title: string; description: string }): string {
  const filled = shell
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_match, before: string, after: string) => `${before}${escapeHtml(page.description)}${after}`,
    );
  if (!filled.includes(page.html)) throw new Error('index.html has no empty <div id="root"></div>');
  return filled;
}

/**
 * The shell with its stylesheets written into the page (`<style>`, which the CSP's style-src
 * allows) instead of linked: the first paint then waits for the HTML alone, not for a second,
 * render-blocking request. The whole site's CSS is one file of about 13 KB gzip.
 */
export async function inlineStylesheets(shell: string, outDir: string): Promise<string> {
  const links = [...shell.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
  let inlined = shell;
  for (const [tag, file] of links) {
    const css = await readFile(path.join(outDir, file ?? ""), "utf8");
    if (/<\/style/i.test(css)) throw new Error(`${file} can't be inlined: it contains </style`);
    inlined = inlined.replace(tag, () => `<style>${css}</style>`);
  }
  return inlined;
}

/**
 * The page's scripts fetched at low priority: a prerendered page paints from its HTML alone, so the
 * HTML (and what it shows) comes first and the code that hydrates it after. They stay ordinary
 * module scripts, run before the load event, so the page is interactive as soon as it has loaded.
 */
export function scriptsAtLowPriority(shell: string): string {
  return shell
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(
      /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
      '<link rel="modulepreload" fetchpriority="low"',
    );
}

/** The file a prerendered path is written to, inside the build's output directory. */
export function pageFile(outDir: string, pathname: string): string {
  return path.join(outDir, ...pathname.split("/").filter(Boolean), "index.html");
}

export async function prerenderSite(options: {
  root: string;
  outDir: string;
  alias: Record<string, string>;
}): Promise<string[]> {
  const { root, outDir, alias } = options;
  // Inside the repository's node_modules, so the bundle's imports of react, react-dom and
  // react-router resolve; a fresh directory per build, so parallel builds don't meet.
  const cache = path.resolve(root, "../../node_modules/.cache");
  await mkdir(cache, { recursive: true });
  const ssrDir = await mkdtemp(path.join(cache, "hearth-web-ssr-"));
  try {
    await build({
      configFile: false,
      root,
      logLevel: "warn",
      // The same modules the site build has (the emoji list is one of them).
      plugins: [...docsContent(), react(), unicodeEmojis()],
      resolve: { alias },
      // @hearth/core is TypeScript source: bundle it; the npm packages load from node_modules.
      ssr: { noExternal: ["@hearth/core"] },
      build: {
        ssr: path.join(root, "src/entry-server.tsx"),
        outDir: ssrDir,
        emptyOutDir: true,
        sourcemap: false,
        minify: false,
        copyPublicDir: false,
      },
    });
    const entry = (await import(pathToFileURL(path.join(ssrDir, "entry-server.js")).href)) as ServerEntry;
    const shell = await readFile(path.join(outDir, "index.html"), "utf8");
    await writeFile(path.join(outDir, SPA_SHELL), shell);
    const pageShell = scriptsAtLowPriority(await inlineStylesheets(shell, outDir));
    for (const pathname of entry.prerenderedPaths) {
      const file = pageFile(outDir, pathname);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, fillShell(pageShell, await entry.renderPage(pathname)));
    }
    await writeFile(path.join(outDir, SHELL_ROUTES), JSON.stringify(entry.shellRoutes));
    return [...entry.prerenderedPaths];
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

/** Vite plugin: prerender once the client build is written, then run `after` (e.g. compression). */
export function prerender(options: {
  alias: Record<string, string>;
  after?: (outDir: string) => Promise<void>;
}): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "hearth:prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerenderSite({ root, outDir, alias: options.alias });
      await options.after?.(outDir);
    },
  };
}
