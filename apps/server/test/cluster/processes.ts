import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Real Hearth processes for the multi-process test: `node --import tsx apps/server/src/main.ts`, as
// `npm start` runs the server, each with its own environment (ROLES, SHARD_IDS, …). Their JSON log
// lines are kept for assertions and printed when a test fails.

const mainPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/main.ts");

export interface LogLine {
  level?: number;
  msg?: string;
  [key: string]: unknown;
}

export class HearthProcess {
  readonly logs: LogLine[] = [];
  /** Everything the process wrote that isn't a JSON log line (the start banner, a crash). */
  readonly text: string[] = [];
  /** Every line, in order. */
  private readonly lines: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private readonly waiters = new Set<() => void>();
  private readonly api: boolean;

  constructor(
    /** A label for messages, e.g. `api#0`. */
    readonly name: string,
    env: Record<string, string>,
  ) {
    this.api = (env.ROLES ?? "api").split(",").includes("api");
    this.child = spawn(process.execPath, ["--import", "tsx", mainPath], {
      env: { PATH: process.env.PATH ?? "", LOG_FORMAT: "json", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.exited = new Promise((resolve) =>
      this.child.once("exit", (code, signal) => {
        resolve({ code, signal });
        this.notify();
      }),
    );
    for (const stream of [this.child.stdout, this.child.stderr]) {
      let rest = "";
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) this.take(line);
      });
    }
  }

  get pid(): number {
    const pid = this.child.pid;
    if (pid === undefined) throw new Error(`${this.name} has no pid (it did not start)`);
    return pid;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves once the process logged "Hearth is running"; fails if it exits or takes too long. */
  async started(timeoutMs = 60_000): Promise<void> {
    const running = () => this.logs.some((line) => line.msg === "Hearth is running");
    // The api role prints its address right after that line.
    const banner = () => !this.api || this.text.some((line) => line.includes("Hearth is running at"));
    await this.waitFor(() => running() && banner(), timeoutMs, "start");
  }

  /** The API's address, from the start banner ("Hearth is running at http://localhost:<port>"). */
  get url(): string {
    for (const line of this.text) {
      const match = /Hearth is running at (http:\/\/\S+)/.exec(line);
      if (match?.[1]) return match[1].replace("localhost", "127.0.0.1");
    }
    throw new Error(`${this.name} printed no address`);
  }

  /** Log lines at warn (40) or above. */
  problems(): LogLine[] {
    return this.logs.filter((line) => (line.level ?? 0) >= 40);
  }

  /** Waits until `check` holds (checked on every line the process writes and on exit). */
  waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = () => {
        if (check()) done(null);
        else if (!this.alive) done(new Error(`${this.name} exited before ${what}:\n${this.tail()}`));
      };
      const timer = setTimeout(
        () => done(new Error(`${this.name}: no ${what} within ${timeoutMs} ms:\n${this.tail()}`)),
        timeoutMs,
      );
      const done = (error: Error | null) => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        if (error) reject(error);
        else resolve();
      };
      this.waiters.add(waiter);
      waiter();
    });
  }

  /** SIGKILL: no shutdown at all, as when a machine or container dies. */
  async kill(): Promise<void> {
    if (!this.alive) return;
    this.child.kill("SIGKILL");
    await this.exited;
  }

  /** SIGTERM and wait (the program's own shutdown); SIGKILL when it takes more than `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.alive) return;
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** The last lines the process wrote, for failure messages. */
  tail(count = 30): string {
    return this.lines.slice(-count).join("\n");
  }

  private take(line: string): void {
    if (line.trim() === "") return;
    this.lines.push(line);
    if (line.startsWith("{")) {
      try {
        this.logs.push(JSON.parse(line) as LogLine);
      } catch {
        this.text.push(line);
      }
    } else {
      this.text.push(line);
    }
    this.notify();
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
