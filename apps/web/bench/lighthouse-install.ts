import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../e2e/hearth-server.ts";

/**
 * Lighthouse, installed on first use of `npm run bench:web` rather than by `npm install`.
 *
 * Lighthouse and its puppeteer packages declare Node 22 or later, and npm checks engines against the
 * Node that runs npm itself, which on these machines is the system's Node 20: as a dependency they
 * made every `npm install` warn (EBADENGINE), for a tool only this bench uses. Here npm runs on the
 * project's Node 24 (the one running this script), into a cache folder of its own, once per version.
 */
export const lighthouseVersion = "13.5.0";
const cacheDir = path.join(repoRoot, "node_modules", ".cache", "hearth-lighthouse");
const entry = path.join(cacheDir, "entry.mjs");

/** The parts of a Lighthouse result this bench reads. */
export interface Audit {
  id: string;
  score: number | null;
  scoreDisplayMode?: string;
  displayValue?: string;
  numericValue?: number;
  details?: unknown;
}
export interface Lhr {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
}
export type RunLighthouse = (
  url: string,
  flags: { port: number; output: "json"; logLevel: "error"; onlyCategories: string[] },
) => Promise<{ lhr: Lhr } | undefined>;
export interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): unknown }>;
}

/** Installs Lighthouse into the cache folder when it isn't there (or is another version), then loads it. */
export async function loadLighthouse(): Promise<{
  lighthouse: RunLighthouse;
  chromeLauncher: ChromeLauncher;
}> {
  if ((await installedVersion()) !== lighthouseVersion) await install();
  const loaded = (await import(pathToFileURL(entry).href)) as {
    lighthouse: RunLighthouse;
    chromeLauncher: ChromeLauncher;
  };
  return loaded;
}

async function installedVersion(): Promise<string | null> {
  const manifest = path.join(cacheDir, "node_modules", "lighthouse", "package.json");
  if (!existsSync(manifest) || !existsSync(entry)) return null;
  return (JSON.parse(await readFile(manifest, "utf8")) as { version?: string }).version ?? null;
}

async function install(): Promise<void> {
  // npm sets npm_execpath for the scripts it runs; run outside npm, the npm beside this Node is used.
  const npmCli = process.env.npm_execpath;
  if (!npmCli?.endsWith(".js"))
    throw new Error("run this bench with `npm run bench:web` (it installs Lighthouse with npm on first use)");
  await mkdir(cacheDir, { recursive: true });
  await writeFile(
    path.join(cacheDir, "package.json"),
    `${JSON.stringify({ private: true, dependencies: { lighthouse: lighthouseVersion } }, null, 2)}\n`,
  );
  console.log(
    `Installing Lighthouse ${lighthouseVersion} into ${path.relative(repoRoot, cacheDir)} (first run only)…`,
  );
  const result = spawnSync(
    process.execPath,
    [npmCli, "install", "--prefix", cacheDir, "--no-audit", "--no-fund", "--loglevel=warn"],
    { cwd: cacheDir, stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error(`npm could not install Lighthouse (exit ${result.status})`);
  // Bare specifiers resolve from the importing file's folder: this module finds the cache's node_modules.
  await writeFile(
    entry,
    'export { default as lighthouse } from "lighthouse";\nexport * as chromeLauncher from "chrome-launcher";\n',
  );
}
