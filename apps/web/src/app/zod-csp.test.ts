import { describe, expect, it } from "vitest";

describe("zod-csp", () => {
  it("turns zod's eval probe off through the configuration zod reads", async () => {
    await import("./zod-csp");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    // Parsing works the same without compiled parsers.
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
  });
});
