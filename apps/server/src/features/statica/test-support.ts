import type { StaticaConfigBody } from "@hearth/core";
import { expect } from "vitest";
import { createTestContext, demoGuildId, type TestContext } from "../../../test/helpers.ts";
import { AppError } from "../../lib/errors.ts";

/** Shared set-up of Statica's service-level tests: a fresh demo server and lookups by name. */

export const actor = { tokenId: "token-1", userId: "999999999999999999" };

export interface StaticaFixture extends TestContext {
  /** The id of the demo role with this name. */
  role(name: string): string;
  /** Demo channel ids by name. */
  channels: Record<string, string>;
  /** A valid body: combined detection, the Member role, one keyword. */
  valid(overrides?: StaticaConfigBody): StaticaConfigBody;
}

export async function openStaticaFixture(dialect: "sqlite" | "postgres" = "sqlite"): Promise<StaticaFixture> {
  const test = await createTestContext({ dialect });
  const roles = await test.ctx.discord.listRoles(demoGuildId);
  const channels = await test.ctx.discord.listChannels(demoGuildId);
  const role = (name: string) => {
    const found = roles.find((r) => r.name === name);
    if (!found) throw new Error(`no demo role ${name}`);
    return found.id;
  };
  return {
    ...test,
    role,
    channels: Object.fromEntries(channels.map((c) => [c.name, c.id])),
    valid: (overrides = {}) => ({
      roleConfig: { combined: [role("Member")] },
      conditions: { status: { keywords: ["hearth"] } },
      ...overrides,
    }),
  };
}

/** Awaits a service call that must fail with an AppError of this status (and field, and message). */
export async function expectAppError(
  promise: Promise<unknown>,
  status: number,
  field?: string,
  message?: RegExp,
): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected the call to fail").toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.statusCode).toBe(status);
  if (field !== undefined) expect(appError.field).toBe(field);
  if (message) expect(appError.message).toMatch(message);
  return appError;
}
