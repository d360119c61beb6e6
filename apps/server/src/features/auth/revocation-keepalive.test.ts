import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers.ts";
import { hashToken } from "./service.ts";
import { revokeToken } from "./store.ts";

/**
 * Issue 15, finding 1: the live-token cache was re-set on every hit, so a token used at least every
 * five seconds was never re-read and a revocation made by another process (the CLI, another api
 * process without Redis) never took effect. Here the revocation is written straight to the store,
 * as another process would, while the token keeps being used about once a second.
 */
describe("a revoked token in constant use", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.cleanup();
  });

  it("is refused within 5 seconds of a revocation made by another process", async () => {
    const call = () =>
      t.app.inject({ method: "GET", url: "/api/dashboard/token-info", headers: { authorization: t.token } });
    expect((await call()).statusCode).toBe(200);

    const record = await t.ctx.storage.db
      .selectFrom("dashboard_tokens")
      .select("id")
      .where("token_hash", "=", hashToken(t.token))
      .executeTakeFirstOrThrow();
    // Warm the cache for a while so the entry would be re-set on every hit if it slid.
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await call()).statusCode).toBe(200);
    }
    const revokedAt = Date.now();
    await revokeToken(t.ctx.storage.db, record.id, "revoked from the CLI", revokedAt);

    let refusedAfter: number | null = null;
    while (Date.now() - revokedAt < 8000) {
      const response = await call();
      if (response.statusCode === 401) {
        refusedAfter = Date.now() - revokedAt;
        break;
      }
      expect(response.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(refusedAfter).not.toBeNull();
    expect(refusedAfter).toBeLessThanOrEqual(5000);
    // Once refused, it stays refused.
    expect((await call()).statusCode).toBe(401);
  }, 20_000);
});
