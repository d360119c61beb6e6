import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure, x } from "../../../test/fixtures/embeds.ts";
import { downloadAttachment, exportMessages, importJson } from "./import-export.ts";

// Reading and writing JSON touches no database, so these run once rather than per dialect.

describe("import", () => {
  let server: Server;
  let base: string;
  const bodies: Record<string, { body: string | Buffer; length?: boolean; status?: number }> = {};

  beforeAll(async () => {
    server = createServer((req, res) => {
      const entry = bodies[req.url ?? ""];
      if (!entry) {
        res.writeHead(404).end();
        return;
      }
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (entry.length !== false) headers["content-length"] = String(Buffer.byteLength(entry.body));
      res.writeHead(entry.status ?? 200, headers);
      res.end(entry.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const file = (path: string) => ({
    id: "1",
    url: `${base}${path}`,
    filename: "embed.json",
    contentType: "application/json",
  });

  it("downloads a file and reads it", async () => {
    bodies["/ok.json"] = { body: '{"version":1,"embed":{"title":"From a file"}}' };
    const text = await downloadAttachment(file("/ok.json"));
    expect(importJson(text).draft).toEqual({ title: "From a file" });
  });

  it("refuses more than 1 MB, by its declared size and by the bytes read", async () => {
    bodies["/big.json"] = { body: Buffer.alloc(1_200_000, 32) };
    const declared = await failure(downloadAttachment(file("/big.json")));
    expect(declared.message).toBe("embed.json is 1.1 MB; the import limit is 1 MB (1,048,576 bytes).");
    bodies["/sneaky.json"] = { body: Buffer.alloc(2 * 1024 * 1024, 32), length: false };
    const read = await failure(downloadAttachment(file("/sneaky.json")));
    expect(read.message).toMatch(/^embed\.json is 1\.\d MB; the import limit is 1 MB/);
  });

  it("explains a failed download, and fetches only Discord's CDN on Discord", async () => {
    expect((await failure(downloadAttachment(file("/missing.json")))).message).toContain(
      "Discord answered 404",
    );
    const elsewhere = await failure(downloadAttachment(file("/ok.json"), { onlyDiscordCdn: true }));
    expect(elsewhere.message).toContain("Upload the JSON file to Discord");
  });

  it("names the problem in bad JSON", () => {
    const shape = (() => {
      try {
        importJson('{"embed":{"title":"ok","fields":[{"name":"a","value":false}]}}');
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    })();
    expect(shape).toBe("That JSON can't be imported:\n• embed.fields[0].value must be text.");
    expect(() => importJson("nope")).toThrow(/That isn't valid JSON/);
  });
});

describe("export", () => {
  it("fits a short embed in one pretty code block, every message within Discord's 2,000", () => {
    const [only, ...rest] = exportMessages({ pretty: "{\n}", compact: "{}" }) ?? [];
    expect(rest).toEqual([]);
    expect(only).toMatch(/^📤 The embed as JSON\. Import it .*\n```json\n\{\n\}\n```$/s);
  });

  it("uses the compact JSON when the pretty one doesn't fit a message but the compact one does", () => {
    const messages = exportMessages({ pretty: x(1900), compact: x(1800) }) ?? [];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(x(1800));
    expect(messages[0]?.length).toBeLessThanOrEqual(2000);
  });

  it("splits a long one into parts of at most 2,000 characters each, explanation included", () => {
    // 1,860 characters of JSON used to make a 2,137-character reply.
    for (const length of [1860, 1900, 4000, 8000]) {
      const compact = x(length);
      const messages = exportMessages({ pretty: x(length + 500), compact }) ?? [];
      expect(messages.length).toBeGreaterThan(1);
      for (const message of messages) expect(message.length).toBeLessThanOrEqual(2000);
      const parts = messages.map((message) => /```json\n(.*)\n```$/s.exec(message)?.[1] ?? "");
      expect(parts.join("")).toBe(compact);
      expect(messages[0]).toContain(`in ${messages.length} parts`);
      expect(messages.at(-1)).toMatch(new RegExp(`^Part ${messages.length} of ${messages.length}:`));
    }
  });

  it("never cuts inside a character, and refuses what would take more than five messages", () => {
    const compact = "🎉".repeat(3000);
    const messages = exportMessages({ pretty: compact, compact }) ?? [];
    const parts = messages.map((message) => /```json\n(.*)\n```$/s.exec(message)?.[1] ?? "");
    expect(parts.join("")).toBe(compact);
    // No part starts or ends with half of a character (a lone surrogate).
    for (const part of parts) expect(part).toMatch(/^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/);
    expect(exportMessages({ pretty: x(20_000), compact: x(20_000) })).toBeNull();
  });
});
