import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandling } from "./errors.ts";

// Issue 15, finding 11 (a): the error handler crashed on its own branch. fastify-type-provider-zod
// recognises a response-schema failure by `"method" in error`, so any error carrying a `method`
// (discord.js's DiscordAPIError has one) reached `error.cause.issues` with no cause and threw a
// second error inside the handler; Fastify then answered in its own shape.

const logged: { msg: string; issues?: unknown }[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({
    logger: {
      level: "error",
      stream: { write: (line: string) => void logged.push(JSON.parse(line)) },
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get("/with-method", async () => {
    // Like a DiscordAPIError the port didn't map: a method and a url, no cause.
    throw Object.assign(new Error("404: Not Found"), {
      method: "GET",
      url: "https://discord.com/api/v10/users/1",
    });
  });
  app.get(
    "/bad-response",
    { schema: { response: { 200: z.object({ count: z.number() }) } } },
    async () => ({ count: "many" }) as unknown as { count: number },
  );
  await app.ready();
});
afterAll(() => app.close());

describe("the error handler", () => {
  it("answers an error that merely has a `method` as a 500 in the API's shape, without crashing", async () => {
    const res = await app.inject({ method: "GET", url: "/with-method" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: "Internal Server Error",
      message: "Something went wrong on our side",
    });
    expect(logged.map((line) => line.msg)).toContain("unhandled error");
  });

  it("answers a response that fails its schema as a 500, logging the schema's issues", async () => {
    const res = await app.inject({ method: "GET", url: "/bad-response" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: "Internal Server Error",
      message: "Something went wrong on our side",
    });
    const line = logged.find((entry) => entry.msg === "response did not match its schema");
    expect(JSON.stringify(line?.issues)).toContain("count");
  });
});
