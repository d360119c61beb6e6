import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, demoGuildId, type TestApp } from "../../test/helpers.ts";
import { demoOwnerId } from "../discord/sandbox/demo-seed-data.ts";
import { configureVotes } from "../features/votes/service.ts";

/** Sends `head` (and never the body it announces); answers what came back and when the socket closed. */
function sendAndWait(port: number, head: string, waitMs: number) {
  return new Promise<{ text: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    let text = "";
    let closedAfterMs: number | null = null;
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closedAfterMs = Date.now() - started;
      clearTimeout(timer);
      resolve({ text, closedAfterMs });
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs });
    }, waitMs);
  });
}

const status = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

/** Issue 24 §4: a body that never finishes can't hold a connection, and the vote webhook knows its id first. */
describe("requests whose body never finishes", () => {
  let t: TestApp;
  let port: number;
  let webhookId: string;
  const requestTimeoutMs = 1500;

  beforeAll(async () => {
    t = await createTestApp({ config: { requestTimeoutMs } });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const address = t.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
    webhookId = (await configureVotes(t.ctx, demoGuildId, { tokenId: null, userId: demoOwnerId }, {}))
      .settings.webhook_id;
  });
  afterAll(() => t.cleanup());

  it("is cut off with 408 once REQUEST_TIMEOUT_MS has passed", async () => {
    const head = [
      `PUT /api/settings/edit HTTP/1.1`,
      "Host: x",
      `Authorization: ${t.token}`,
      "Content-Type: application/json",
      "Content-Length: 1000",
      "",
      '{"memberTriggerLimit":',
    ].join("\r\n");
    const answer = await sendAndWait(port, head, requestTimeoutMs * 4);
    expect(status(answer.text)).toBe(408);
    expect(answer.closedAfterMs).not.toBeNull();
    expect(answer.closedAfterMs ?? 0).toBeGreaterThanOrEqual(requestTimeoutMs - 100);
    expect(answer.closedAfterMs ?? Number.POSITIVE_INFINITY).toBeLessThan(requestTimeoutMs * 2 + 500);
  });

  it("an unknown vote webhook answers 404 before its body arrives", async () => {
    const head = [
      "POST /api/votes/no-such-webhook HTTP/1.1",
      "Host: x",
      "Content-Type: application/json",
      "Content-Length: 60000",
      "",
      "",
    ].join("\r\n");
    const started = Date.now();
    const answer = await sendAndWait(port, head, 1000);
    expect(status(answer.text)).toBe(404);
    expect(answer.text).toContain("No vote webhook with this id");
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it("a known vote webhook still reads its body and checks it", async () => {
    const body = JSON.stringify({ userId: "1", platform: "x" });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/votes/${webhookId}`,
      headers: { "content-type": "application/json", authorization: "wrong" },
      payload: body,
    });
    expect(response.statusCode).toBe(401);
  });
});
