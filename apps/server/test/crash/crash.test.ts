import { describe, it } from "vitest";
import { postgresRestartUnderLoad } from "./postgres-restart.ts";
import { redisDownUnderLoad } from "./redis-down.ts";
import { sigkillUnderLoad } from "./sigkill.ts";

// Issue 17 #2, crash safety, each scenario on a real child process of src/main.ts under a steady
// write load (sigkill.ts, postgres-restart.ts, redis-down.ts say what each proves). They run side by
// side: the SIGKILL runs wait out their giveaways' one minute (the shortest a giveaway may run), and
// the others fit in that minute, so the file takes about as long as the longest.

const postgres = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;

describe("crash safety under load", { timeout: 240_000, concurrent: true }, () => {
  it("SIGKILL of the single-process default (SQLite): no acknowledged write lost, each job run once", () =>
    sigkillUnderLoad("sqlite"));
  it.skipIf(!postgres)(
    "SIGKILL of a PostgreSQL deployment: no acknowledged write lost, each job run once",
    () => sigkillUnderLoad("postgres"),
  );
  it.skipIf(!postgres)("PostgreSQL restarting: 503 while it is away (never 500), recovery by itself", () =>
    postgresRestartUnderLoad(),
  );
  it.skipIf(!redis)(
    "Redis down: the api keeps serving, revocations fall back to the 5 s cache, Redis used again",
    () => redisDownUnderLoad(redis ?? ""),
  );
});
