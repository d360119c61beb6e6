import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// e2e/ → apps/web → apps → repository root; computed so the suite runs from any checkout.
export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const webDist = path.join(repoRoot, "apps", "web", "dist");
const serverEntry = path.join(repoRoot, "apps", "server", "src", "main.ts");

const HEALTH_TIMEOUT_MS = 60_000;

export interface HearthServer {
  baseUrl: string;
  /** The server's SQLite file, for tools that work on the same database (the token CLI). */
  databaseUrl: string;
  stop: () => Promise<void>;
}

const tokenCli = path.join(repoRoot, "apps", "server", "src", "cli", "token.ts");

/** Creates a dashboard token for the sandbox's demo server with the real CLI, and answers it. */
export async function createDemoToken(server: HearthServer, extraArgs: string[] = []): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", tokenCli, "create", "--demo", ...extraArgs], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: "silent", DISCORD_TOKEN: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  await exited(child);
  const token = out.trim();
  if (child.exitCode !== 0 || !/^[0-9a-f]{56}$/.test(token)) {
    throw new Error(`the token CLI failed (exit ${child.exitCode}): ${err || out}`);
  }
  return token;
}

/** Asks the OS for a port nobody is listening on. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("could not read the probe port"));
      });
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET /health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Starts the real server (all roles, sandbox Discord, a fresh SQLite file) on a free port and
 * waits until it is healthy. It serves the built site, so `npm run build -w apps/web` must run first.
 */
export async function startHearthServer(options: { snapshotDist?: boolean } = {}): Promise<HearthServer> {
  if (!existsSync(path.join(webDist, "index.html"))) {
    throw new Error(`${webDist} has no build; run \`npm run build -w apps/web\` before the e2e suite`);
  }

  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "hearth-e2e-"));
  // A private copy of the build, so a rebuild of apps/web/dist during the run can't pull files away.
  const servedDist = options.snapshotDist ? path.join(dataDir, "web") : webDist;
  if (options.snapshotDist) await cp(webDist, servedDist, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: path.join(dataDir, "hearth.db"),
    LOG_LEVEL: "warn",
    WEB_DIST: servedDist,
  };
  // Keep the run hermetic: no real Discord connection or shared Redis even if the shell has them.
  delete env.DISCORD_TOKEN;
  delete env.REDIS_URL;

  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited(child);
    await rm(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const databaseUrl = env.DATABASE_URL as string;
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, databaseUrl, stop };
}
