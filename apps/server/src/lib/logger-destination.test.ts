import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger, logDestination, openLogDestinations } from "./logger.ts";

const serverRoot = fileURLToPath(new URL("../../", import.meta.url));
const exitChild = fileURLToPath(new URL("../../test/fixtures/log-exit-child.ts", import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the buffered log destination", () => {
  const dirs: string[] = [];
  const logFile = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-log-"));
    dirs.push(dir);
    return path.join(dir, "out.log");
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes a lone line within a quarter second, and many lines in order", async () => {
    const file = logFile();
    const logger = createLogger({ logLevel: "info" }, logDestination(file));
    logger.info("a lone line");
    await sleep(600);
    expect(fs.readFileSync(file, "utf8")).toContain('"msg":"a lone line"');

    for (let index = 0; index < 500; index++) logger.info({ index }, "busy");
    await sleep(600);
    const indexes = fs
      .readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { msg: string; index?: number })
      .filter((line) => line.msg === "busy")
      .map((line) => line.index);
    expect(indexes).toEqual(Array.from({ length: 500 }, (_, index) => index));
  });

  it("hands many lines to the file in few writes, and written() resolves once every line is in it", async () => {
    const file = logFile();
    const destination = logDestination(file);
    const logger = createLogger({ logLevel: "info" }, destination);
    await sleep(50);
    // sonic-boom writes through fs.write: count the writes 1,000 lines of ~200 bytes take.
    const write = vi.spyOn(fs, "write");
    try {
      // As requests come: a few lines per turn of the event loop, with time for writes to finish.
      for (let index = 0; index < 1000; index++) {
        logger.info({ index, pad: "x".repeat(100) }, "many");
        if (index % 10 === 9) await sleep(1);
      }
      await destination.written();
      const lines = fs.readFileSync(file, "utf8").trim().split("\n");
      expect(lines.filter((line) => line.includes('"msg":"many"'))).toHaveLength(1000);
      // ~200 KB in 64 KB batches: a handful of writes (a write per 4 KB would be 50).
      expect(write.mock.calls.length).toBeGreaterThan(0);
      expect(write.mock.calls.length).toBeLessThanOrEqual(8);
    } finally {
      write.mockRestore();
    }
    // Nothing held any more: a second call resolves, and the file does not change after it.
    await destination.written();
    const size = fs.statSync(file).size;
    await sleep(400);
    expect(fs.statSync(file).size).toBe(size);
    destination.end();
  });

  it("writes everything it holds on flushSync", () => {
    const file = logFile();
    const destination = logDestination(file);
    const logger = createLogger({ logLevel: "info" }, destination);
    // The file opens asynchronously: wait for it, as pino does before a synchronous flush.
    for (let index = 0; index < 3; index++) logger.info({ index }, "held");
    return new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() => {
      destination.flushSync();
      expect(fs.readFileSync(file, "utf8").match(/"msg":"held"/g)).toHaveLength(3);
    });
  });

  it("writes what it holds on end, and is forgotten once closed (code making many keeps none)", async () => {
    const before = openLogDestinations();
    const files = Array.from({ length: 20 }, logFile);
    const destinations = files.map((file) => logDestination(file));
    expect(openLogDestinations()).toBe(before + 20);
    destinations.forEach((destination, index) => {
      createLogger({ logLevel: "info" }, destination).info({ index }, "last words");
    });
    await sleep(50);
    for (const destination of destinations) destination.end();
    expect(openLogDestinations()).toBe(before);
    await sleep(100);
    files.forEach((file, index) => {
      expect(fs.readFileSync(file, "utf8")).toContain(`"index":${index},"msg":"last words"`);
    });
  });

  it.each(["exit", "throw", "idle"])("writes the lines it holds when the process ends (%s)", (how) => {
    const result = spawnSync(process.execPath, ["--import", "tsx", exitChild], {
      cwd: serverRoot,
      env: { ...process.env, EXIT_BY: how },
      encoding: "utf8",
      timeout: 60_000,
    });
    const lines = result.stdout.split("\n").filter((line) => line.includes("line before exit"));
    expect(lines, result.stderr).toHaveLength(3);
    if (how === "throw") expect(result.stderr).toContain("an uncaught error");
  });
});
