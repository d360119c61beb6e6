import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

describe("isDatabaseUnavailable", () => {
  it("recognises a refused connection, as node-postgres reports it", async () => {
    // A port that was just free: nothing listens there.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const client = new pg.Client({ host: "127.0.0.1", port, user: "nobody", connectionTimeoutMillis: 2000 });
    const error = await client.connect().catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("recognises a connection that died under a query, a server shutting down, and a wrapped cause", () => {
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
      ),
    ).toBe(true);
    const cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new Error("query failed", { cause }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([cause], "connect failed"))).toBe(true);
  });

  it("leaves every other error alone: they stay 500s (or what their handler makes of them)", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
