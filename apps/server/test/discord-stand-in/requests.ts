// The REST requests the stand-in answered, for assertions, and the failures tests queue for the
// next ones.

export interface RecordedRequest {
  method: string;
  /** The route without `/api/v10`, e.g. `/channels/123/messages`. */
  path: string;
  query: URLSearchParams;
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are asserted on freely in tests
  body: any;
  /** Files uploaded with a multipart body (`files[n]`), as text. */
  files?: { name: string; contentType: string | null; data: string }[];
  /** The audit-log reason header, decoded. */
  reason: string | null;
  at: number;
  /** The answer's status; 0 for a held request whose client hung up before it was answered. */
  status: number;
  /** The client's User-Agent: Hearth puts its roles and pid there, so a test can tell processes apart. */
  userAgent: string | null;
  /**
   * Set when the stand-in refused the body as Discord would (see rest-rules.ts): Discord's error
   * code and the problems, one `path: message` line each.
   */
  refused?: { code: number; problems: string[] };
}

interface Hold {
  method: string;
  path: RegExp;
  ms: number;
  /** Handled at once, only the answer held: a client that times out meanwhile loses the answer, not the work. */
  answerLost: boolean;
  arrived: (request: RecordedRequest) => void;
}

interface Failure {
  method: string;
  path: RegExp;
  status: number;
  code: number;
  message: string;
}

export class RequestLog {
  readonly requests: RecordedRequest[] = [];
  private readonly failures: Failure[] = [];
  private readonly holds: Hold[] = [];
  private readonly listeners = new Set<(request: RecordedRequest) => void>();

  /**
   * Makes the next `times` requests matching `method` and `path` fail with Discord's error body
   * (discord.js retries a 5xx three times before giving up, so an outage needs `times: 4`).
   */
  failNext(
    method: string,
    path: string | RegExp,
    failure: { status: number; code?: number; message?: string; times?: number },
  ): void {
    for (let i = 0; i < (failure.times ?? 1); i++) {
      this.failures.push({
        method,
        path: pattern(path),
        status: failure.status,
        code: failure.code ?? 0,
        message: failure.message ?? "Injected failure",
      });
    }
  }

  /**
   * Holds the next request matching `method` and `path` for `ms` before answering it (a slow
   * Discord). Resolves as soon as that request arrives, while it is held. Should its client hang up
   * meanwhile (a killed process), the request changes nothing and is recorded with status 0.
   */
  holdNext(
    method: string,
    path: string | RegExp,
    ms: number,
    options: { answerLost?: boolean } = {},
  ): Promise<RecordedRequest> {
    return new Promise((arrived) =>
      this.holds.push({ method, path: pattern(path), ms, answerLost: options.answerLost ?? false, arrived }),
    );
  }

  /** Takes the first queued hold for a request off the queue. */
  takeHold(method: string, path: string): Hold | undefined {
    const hold = this.holds.findIndex((h) => h.method === method && h.path.test(path));
    return hold >= 0 ? this.holds.splice(hold, 1)[0] : undefined;
  }

  /** Takes the first queued failure for a request off the queue. */
  takeFailure(method: string, path: string): Failure | undefined {
    const failure = this.failures.findIndex((f) => f.method === method && f.path.test(path));
    return failure >= 0 ? this.failures.splice(failure, 1)[0] : undefined;
  }

  /** Logs an answered request and hands it to whoever waits for one like it. */
  record(request: RecordedRequest): void {
    this.requests.push(request);
    for (const listener of [...this.listeners]) listener(request);
  }

  /** The requests refused for breaking Discord's rules (their bodies), from index `after` on. */
  refusals(after = 0): RecordedRequest[] {
    return this.requests.slice(after).filter((request) => request.refused !== undefined);
  }

  /** Requests recorded so far that match. */
  find(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method &&
        (typeof path === "string" ? request.path === path : path.test(request.path)),
    );
  }

  /** The first request (at index `after` or later) that matches, waiting up to `timeoutMs` for it. */
  waitForRequest(
    match: (request: RecordedRequest) => boolean,
    options: { after?: number; timeoutMs?: number } = {},
  ): Promise<RecordedRequest> {
    const found = this.requests.slice(options.after ?? 0).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error("The stand-in saw no matching request in time"));
      }, options.timeoutMs ?? 5000);
      const listener = (request: RecordedRequest) => {
        if (!match(request)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(request);
      };
      this.listeners.add(listener);
    });
  }
}

/** An exact path, or a pattern. */
function pattern(path: string | RegExp): RegExp {
  return typeof path === "string" ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : path;
}
