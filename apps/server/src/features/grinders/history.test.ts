import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureDemoSetup, owner, plainMembers } from "../../../test/fixtures/grinders.ts";
import { createTestApp, type TestApp } from "../../../test/helpers.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { hireGrinder, recordPayment, removeGrinder, toggleBreak } from "./service.ts";

// A grinder's payment and break history, paged, through the API the dashboard's drawer reads.
let t: TestApp;
let grinderId: string;
let userId: string;
const base = `/api/grinders/${demoGuildId}/grinders`;

beforeAll(async () => {
  t = await createTestApp();
  await configureDemoSetup(t.ctx);
  [userId = ""] = await plainMembers(t.ctx, 1);
  const hired = await hireGrinder(
    t.ctx,
    demoGuildId,
    { userId, tier: "Bronze" },
    { ...owner, name: "owner" },
  );
  grinderId = hired._id;
  for (const amount of [1000, 2000, 3000, 4000, 5000]) {
    await recordPayment(t.ctx, demoGuildId, userId, amount, { action: "add", by: demoOwnerId });
  }
  await toggleBreak(t.ctx, demoGuildId, grinderId, owner);
  await toggleBreak(t.ctx, demoGuildId, grinderId, { tokenId: null, userId: null });
  await toggleBreak(t.ctx, demoGuildId, grinderId, owner);
});
afterAll(() => t.cleanup());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { authorization: t.token } });

describe("GET …/grinders/:id/history/payments", () => {
  it("pages the payments newest first with the total", async () => {
    const first = await get(`${base}/${grinderId}/history/payments?pageSize=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.json().items.map((item: { amount: number }) => item.amount)).toEqual([5000, 4000]);
    const last = await get(`${base}/${grinderId}/history/payments?pageSize=2&page=3`);
    expect(last.json().items.map((item: { amount: number }) => item.amount)).toEqual([1000]);
    expect(last.json().items[0]).toMatchObject({ action: "add", recordedBy: demoOwnerId, periodTotal: 1000 });
    expect(last.json().names).toEqual({ [demoOwnerId]: "Ember Keeper" });
    const past = await get(`${base}/${grinderId}/history/payments?pageSize=2&page=4`);
    expect(past.json()).toMatchObject({ items: [], total: 5, page: 4 });
  });

  it("answers 400 naming the field for a bad page and 404 for an unknown record", async () => {
    const bad = await get(`${base}/${grinderId}/history/payments?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("page");
    const big = await get(`${base}/${grinderId}/history/payments?pageSize=51`);
    expect(big.json().field).toBe("pageSize");
    const missing = await get(`${base}/123456789012345678/history/payments`);
    expect(missing.statusCode).toBe(404);
  });
});

describe("GET …/grinders/:id/history/breaks", () => {
  it("lists every start and end, newest first, with who did it (null: the bot)", async () => {
    const res = await get(`${base}/${grinderId}/history/breaks`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(body.items.map((item: { kind: string; by: string | null }) => [item.kind, item.by])).toEqual([
      ["start", demoOwnerId],
      ["end", null],
      ["start", demoOwnerId],
    ]);
    expect(body.items[0].at).toBeGreaterThanOrEqual(body.items[1].at);
    // The dashboard can't show a mention: the page names who acted.
    expect(body.names).toEqual({ [demoOwnerId]: "Ember Keeper" });
  });

  it("stays readable after the grinder is removed", async () => {
    await removeGrinder(t.ctx, demoGuildId, grinderId, owner);
    const breaks = await get(`${base}/${grinderId}/history/breaks?pageSize=1&page=3`);
    expect(breaks.json()).toMatchObject({ total: 3, items: [{ kind: "start" }] });
    const payments = await get(`${base}/${grinderId}/history/payments`);
    expect(payments.json().total).toBe(5);
  });
});
