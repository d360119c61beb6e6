// `npm start`: build the website when its build is missing or older than its sources, then run
// the server (all roles by default) in this process, so signals reach it directly.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "apps/web/dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  // The prerender step of the build.
  "apps/web/scripts",
  "apps/web/package.json",
  "packages/core/src",
].map((entry) => path.join(root, entry));

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
// WEB_DIST pointing elsewhere: the server serves that build, not this one.
const stale = !process.env.WEB_DIST && sources.some((entry) => newestMtime(entry) > builtAt);
if (stale) {
  console.log(builtAt === 0 ? "Building the website (first start)…" : "Website sources changed; rebuilding…");
  const result = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The API document's examples (what `npm run openapi` takes from the demo server): written again when
// missing or older than the server's sources. Without them the document is complete, only plainer.
const examples = path.join(root, "apps/server/dist/openapi-examples.json");
const examplesAt = fs.existsSync(examples) ? fs.statSync(examples).mtimeMs : 0;
const serverSources = ["apps/server/src", "apps/server/test/contract", "packages/core/src"];
if (serverSources.some((entry) => newestMtime(path.join(root, entry)) > examplesAt)) {
  console.log("Writing the API document's examples from the demo server…");
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "apps/server/scripts/openapi.ts", "--examples-only"],
    { cwd: root, stdio: "inherit" },
  );
  if (result.status !== 0) console.warn("The examples could not be written; /api/openapi.json has none.");
}

const { register } = await import("tsx/esm/api");
register();
await import(path.join(root, "apps/server/src/main.ts"));
