import { afterAll, expect, it } from "vitest";
import { buildHearthApp } from "../src/composition.ts";
import { createTestContext } from "./helpers.ts";

const context = await createTestContext();
afterAll(() => context.cleanup());

it("closing the server finishes a request in flight and refuses new connections", async () => {
  const app = await buildHearthApp(context.ctx, { serveWeb: false });
  let release: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    app.get("/slow", async () => {
      resolve();
      await new Promise<void>((done) => {
        release = done;
      });
      return { finished: true };
    });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const inFlight = fetch(`${url}/slow`);
  await started;
  const closing = app.close();
  // New connections are refused while the slow one is still being answered.
  await expect(fetch(`${url}/api/ping`)).rejects.toThrow();
  release();
  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ finished: true });
  await closing;
});
