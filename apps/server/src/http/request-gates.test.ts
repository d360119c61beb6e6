import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { passGates, type RequestGate } from "./request-gates.ts";

const request = {} as FastifyRequest;

/** A gate that notes it ran and lets the request go on (later, when `later`). */
const passing =
  (seen: string[], name: string, later = false): RequestGate =>
  () => {
    seen.push(name);
    return later ? Promise.resolve(null) : null;
  };
const reply = {} as FastifyReply;

/** Runs the gates and says how the hook ended: went on, failed, or neither (a gate answered). */
function run(gates: RequestGate[]): Promise<"went on" | Error | "answered"> {
  return new Promise((resolve) => {
    passGates(gates, request, reply, (error) => resolve(error ?? "went on"));
    // A gate that answered never calls `done`: give pending promises a turn, then call it answered.
    setTimeout(() => resolve("answered"), 20);
  });
}

describe("request gates", () => {
  it("runs every gate in order, in this tick when none waits", () => {
    const seen: string[] = [];
    let wentOn = false;
    passGates([passing(seen, "auth"), passing(seen, "write limit")], request, reply, () => {
      wentOn = true;
    });
    expect(seen).toEqual(["auth", "write limit"]);
    expect(wentOn).toBe(true);
  });

  it("waits for a gate that answers later, then runs the next", async () => {
    const seen: string[] = [];
    const outcome = await run([passing(seen, "auth", true), passing(seen, "write limit")]);
    expect(outcome).toBe("went on");
    expect(seen).toEqual(["auth", "write limit"]);
  });

  it("stops at a gate that answered the request itself, now or later", async () => {
    for (const answered of [() => "answered" as const, async () => "answered" as const]) {
      const seen: string[] = [];
      const outcome = await run([answered, passing(seen, "write limit")]);
      expect(outcome).toBe("answered");
      expect(seen).toEqual([]);
    }
  });

  it("hands a gate's error to the hook, thrown or rejected, and runs no gate after it", async () => {
    for (const failing of [
      () => {
        throw new Error("store down");
      },
      async () => {
        throw new Error("store down");
      },
    ]) {
      const seen: string[] = [];
      const outcome = await run([failing, passing(seen, "write limit")]);
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).message).toBe("store down");
      expect(seen).toEqual([]);
    }
  });

  it("goes on at once with no gates", async () => {
    expect(await run([])).toBe("went on");
  });
});
