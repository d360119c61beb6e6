import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { channelId, configureDemoSetup, owner, plainMembers } from "../../../test/fixtures/grinders.ts";
import { createTestApp, type TestApp } from "../../../test/helpers.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { listAudit } from "../audit/service.ts";
import { updateSetup } from "../setup/service.ts";
import { forgetRosters } from "./roster-cache.ts";
import { hireGrinder, recordPayment } from "./service.ts";

// Every payment goes to Setup's payments channel when one is set: the bot's, the dashboard's and a
// hire's first payment, since the service posts it. Discord refusing the post never fails the payment.
let t: TestApp;
let members: string[];
let paymentsChannel: string;

beforeAll(async () => {
  t = await createTestApp();
  await configureDemoSetup(t.ctx);
  members = await plainMembers(t.ctx, 4);
  paymentsChannel = await channelId(t.ctx, "payments");
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  vi.restoreAllMocks();
  await t.ctx.storage.db.deleteFrom("grinders").execute();
  forgetRosters();
});

const posts = async () => {
  const rows = await t.ctx.storage.db
    .selectFrom("sandbox_messages")
    .select("payload")
    .where("channel_id", "=", paymentsChannel)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map(
    (row) =>
      JSON.parse(row.payload) as {
        embeds: { description: string; fields: { name: string; value: string }[] }[];
      },
  );
};
const member = (index: number) => members[index] as string;

describe("the payments channel", () => {
  it("gets the bot's payments with the period's standing", async () => {
    const before = (await posts()).length;
    await hireGrinder(t.ctx, demoGuildId, { userId: member(0), tier: "Bronze" }, { ...owner, name: "owner" });
    await recordPayment(t.ctx, demoGuildId, member(0), "100k", { action: "add", by: demoOwnerId });
    const all = await posts();
    expect(all).toHaveLength(before + 1);
    const [embed] = all[0]?.embeds ?? [];
    expect(embed?.description).toBe(`<@${member(0)}> paid **100.0K**.`);
    expect(embed?.fields).toEqual([
      { name: "Tier", value: "Bronze", inline: true },
      { name: "This period", value: "100.0K of 250.0K", inline: true },
      { name: "Status", value: "Unpaid", inline: true },
      { name: "Recorded by", value: `<@${demoOwnerId}>`, inline: true },
    ]);
  });

  it("gets the dashboard's payments and a hire's first payment, through the same service", async () => {
    const hired = await hireGrinder(
      t.ctx,
      demoGuildId,
      { userId: member(1), tier: "Bronze" },
      { ...owner, name: "owner" },
      { firstPayment: "50k" },
    );
    expect((await posts())[0]?.embeds[0]?.description).toBe(`<@${member(1)}> paid **50.0K**.`);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/grinders/${demoGuildId}/grinders/${hired._id}/payments`,
      headers: { authorization: t.token },
      remoteAddress: "192.0.2.9",
      payload: { action: "set", amount: 250000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paid: true, paidThisPeriod: 250000 });
    const [embed] = (await posts())[0]?.embeds ?? [];
    expect(embed?.description).toBe(`<@${member(1)}>'s payments this period were set to **250.0K**.`);
    expect(embed?.fields).toContainEqual({ name: "Status", value: "Paid", inline: true });
    const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
    expect(entry).toMatchObject({
      action: "grinders.payment",
      address: "192.0.2.9",
      actorUserId: demoOwnerId,
    });
  });

  it("a refused post is logged, and the payment stands", async () => {
    await hireGrinder(t.ctx, demoGuildId, { userId: member(2), tier: "Bronze" }, { ...owner, name: "owner" });
    const warn = vi.spyOn(t.ctx.logger, "warn");
    // Every post fails (the log channel's too): both are logged, neither fails the payment.
    vi.spyOn(t.sandbox, "sendMessage").mockRejectedValue(
      new DiscordError("missing_permissions", "no access"),
    );
    const paid = await recordPayment(t.ctx, demoGuildId, member(2), 300000, {
      action: "add",
      by: demoOwnerId,
    });
    expect(paid).toMatchObject({ paid: true });
    expect(warn).toHaveBeenCalledWith(expect.anything(), "could not post a payment to the payments channel");
  });

  it("without a payments channel nothing is posted", async () => {
    await updateSetup(t.ctx, demoGuildId, { paymentsChannelId: null }, owner);
    await hireGrinder(t.ctx, demoGuildId, { userId: member(3), tier: "Bronze" }, { ...owner, name: "owner" });
    const before = (await posts()).length;
    await recordPayment(t.ctx, demoGuildId, member(3), 1000, { action: "add", by: demoOwnerId });
    expect(await posts()).toHaveLength(before);
  });

  it("the dashboard's payment route refuses a bad amount naming the field and an unknown record", async () => {
    const hired = await hireGrinder(
      t.ctx,
      demoGuildId,
      { userId: member(0), tier: "Bronze" },
      { ...owner, name: "owner" },
    );
    const url = `/api/grinders/${demoGuildId}/grinders/${hired._id}/payments`;
    const bad = await t.app.inject({
      method: "POST",
      url,
      headers: { authorization: t.token },
      payload: { action: "add", amount: "lots" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: "amount" });
    const unknown = await t.app.inject({
      method: "POST",
      url: `/api/grinders/${demoGuildId}/grinders/123456789012345678/payments`,
      headers: { authorization: t.token },
      payload: { action: "add", amount: 5 },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
