import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure, x } from "../../../test/fixtures/embeds.ts";
import { downloadAttachment, exportParts, importJson } from "./import-export.ts";

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
  it("fits a short embed in one pretty code block and splits a long one", () => {
    expect(exportParts({ pretty: "{\n}", compact: "{}" })).toEqual(["{\n}"]);
    const compact = x(4000);
    const parts = exportParts({ pretty: x(5000), compact });
    expect(parts.map((p) => p.length)).toEqual([1900, 1900, 200]);
    expect(parts.join("")).toBe(compact);
  });
});
