import http from "node:http";
import { afterAll, expect, it } from "vitest";
import { buildHearthApp } from "../src/composition.ts";
import { createTestContext } from "./helpers.ts";

const context = await createTestContext();
afterAll(() => context.cleanup());

/**
 * The app listening with a `/slow` route that answers once `release` is called; `started` resolves
 * when a request has reached it.
 */
async function appWithSlowRoute() {
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
  const port = typeof address === "object" && address ? address.port : 0;
  return { app, port, started, release: () => release() };
}

it("closing the server finishes a request in flight and refuses new connections", async () => {
  const { app, port, started, release } = await appWithSlowRoute();
  const url = `http://127.0.0.1:${port}`;

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

it("closes a keep-alive connection once its answer in flight is sent, so closing doesn't wait out the keep-alive", async () => {
  const { app, port, started, release } = await appWithSlowRoute();
  // A client that keeps its connection open for the next request, as a browser or proxy does.
  const agent = new http.Agent({ keepAlive: true });
  let socketClosed: Promise<void> = Promise.resolve();
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/slow", agent }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("socket", (socket) => {
        socketClosed = new Promise((closed) => socket.once("close", () => closed()));
      })
      .on("error", reject);
  });
  await started;
  let closed = false;
  const closing = app.close().then(() => {
    closed = true;
  });
  release();
  const res = await answer;
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toEqual({ finished: true });
  // The server ends the idle connection itself (the agent would keep it for its next request) and finishes closing.
  await socketClosed;
  await closing;
  expect(closed).toBe(true);
  agent.destroy();
});
