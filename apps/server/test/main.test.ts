import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// Runs the real program as `npm start` does (minus the web build), over HTTP.
const mainPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/main.ts");
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-main-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
}

function start(
  env: Record<string, string>,
  command: { file: string; args: string[]; cwd?: string; path?: string; group?: boolean } = {
    file: process.execPath,
    args: ["--import", "tsx", mainPath],
  },
): Promise<Started> {
  const child = spawn(command.file, command.args, {
    cwd: command.cwd,
    // Its own process group, as a terminal runs a command: Ctrl-C (or a kill of the group) reaches
    // every process in it, npm's child included.
    detached: command.group ?? false,
    env: {
      PATH: command.path ?? process.env.PATH ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      WEB_DIST: path.join(dir, "no-web"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk) => {
    text += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 30 s:\n${text}`)), 30_000);
    const check = setInterval(() => {
      const match = text.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearInterval(check);
        clearTimeout(timer);
        resolve({ child, output: () => text, url: match[1] });
      }
    }, 50);
    child.on("exit", (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(Object.assign(new Error(`exited ${code}:\n${text}`), { code, text }));
    });
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

describe("the hearth process", () => {
  const databaseUrl = path.join(dir, "hearth.db");

  it("first start seeds the demo server and prints a working dashboard token; SIGTERM exits 0", async () => {
    const hearth = await start({ DATABASE_URL: databaseUrl });
    const token = hearth.output().match(/Dashboard token \(shown once\): ([0-9a-f]{56})/)?.[1];
    expect(token).toBeDefined();
    const info = await fetch(`${hearth.url}/api/dashboard/token-info`, {
      headers: { authorization: token ?? "" },
    });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ serverName: "Ember Hollow", permission: "owner" });
    expect(hearth.output()).not.toContain(`"${token}"`);

    const exited = exitOf(hearth.child);
    hearth.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("a later start prints how to make a token instead of a new one", async () => {
    const hearth = await start({ DATABASE_URL: databaseUrl });
    expect(hearth.output()).toContain("npm run token -- create --demo --replace");
    expect(hearth.output()).not.toMatch(/shown once/);
    const exited = exitOf(hearth.child);
    hearth.child.kill("SIGINT");
    expect(await exited).toBe(0);
  });

  it("a bad configuration stops start-up with every bad key listed", async () => {
    const error = (await start({ DATABASE_URL: databaseUrl, PORT: "x", ROLES: "api,chef" }).catch(
      (e) => e,
    )) as {
      code: number;
      text: string;
    };
    expect(error.code).toBe(1);
    expect(error.text).toContain("Invalid configuration");
    expect(error.text).toContain("PORT");
    expect(error.text).toContain("ROLES");
  });
});

describe("npm start", () => {
  it("runs the server on the project's own Node 24, whatever Node the shell finds first", async () => {
    // A user's shell: no node_modules/.bin on the PATH (npm adds it for the script), so `node` there
    // is the system's (20 on these machines).
    const shellPath = (process.env.PATH ?? "")
      .split(path.delimiter)
      .filter((entry) => !entry.includes(`node_modules${path.sep}.bin`))
      .join(path.delimiter);
    const wanted = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")).dependencies.node;
    const hearth = await start(
      // WEB_DIST elsewhere: npm start builds only the default website build, which this test doesn't need.
      { DATABASE_URL: path.join(dir, "npm-start.db"), LOG_LEVEL: "info", HOME: os.homedir() },
      { file: "npm", args: ["start", "--silent"], cwd: repoRoot, path: shellPath, group: true },
    );
    const running = hearth
      .output()
      .split("\n")
      .find((line) => line.includes("Hearth is running") && line.includes('"node"'));
    expect(running, hearth.output()).toBeDefined();
    expect(JSON.parse(running ?? "{}").node).toBe(`v${wanted}`);
    expect(wanted).toMatch(/^24\./);
    // Ctrl-C in the terminal: the whole group. The output closes once the server itself has exited.
    const closed = new Promise((resolve) => hearth.child.on("close", resolve));
    process.kill(-(hearth.child.pid ?? 0), "SIGINT");
    await closed;
    expect(hearth.output()).toContain("shutting down");
  }, 60_000);
});
