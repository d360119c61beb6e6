import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureDemoSetup, plainMembers } from "../../../test/fixtures/grinders.ts";
import { bindFeatureCommands, createTestApp, demoGuildId, type TestApp } from "../../../test/helpers.ts";
import { type Bot, createBot } from "../../bot/bot.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { grindersBot } from "./commands.ts";

// A hire from the dashboard (the real route) and a hire by `/grinder add` (the bot on the sandbox)
// are one action: the same rows, the same audit entry and the same Discord calls.

let t: TestApp;
let bot: Bot;
let userId: string;
let memberRoles: string;

beforeAll(async () => {
  t = await createTestApp();
  await configureDemoSetup(t.ctx);
  bot = createBot(t.ctx, t.sandbox);
  bindFeatureCommands(bot, t.ctx, grindersBot.commands?.(t.ctx) ?? []);
  await bot.start();
  [userId = ""] = await plainMembers(t.ctx, 1);
  memberRoles = (await member()).roles;
});
afterAll(async () => {
  await bot.stop();
  await t.cleanup();
});

function member() {
  return t.ctx.storage.db
    .selectFrom("sandbox_members")
    .selectAll()
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Ids and times differ between two hires by nature; everything else must not. */
function normalise(value: unknown, grinderId: string): unknown {
  if (value === grinderId) return "<grinder id>";
  if (Array.isArray(value)) return value.map((item) => normalise(item, grinderId));
  if (value === null || typeof value !== "object") return value;
  const times = new Set(["created_at", "hired_at", "period_start", "timestamp"]);
  // token_id and address: the dashboard's entry records the token and the request's address, the
  // bot's has neither (asserted below).
  const ids = new Set(["id", "grinder_id", "messageId", "token_id", "address"]);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      times.has(key) ? "<time>" : ids.has(key) ? "<id>" : normalise(item, grinderId),
    ]),
  );
}

/** Runs one hire and answers what it left behind: rows, audit entries and outgoing Discord actions. */
async function effectsOf(hire: () => Promise<unknown>) {
  const db = t.ctx.storage.db;
  const mark = async (table: "audit_log" | "sandbox_outbox") =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirst()
    )?.id ?? 0;
  const [auditMark, outboxMark] = [await mark("audit_log"), await mark("sandbox_outbox")];
  await hire();
  const grinders = await db.selectFrom("grinders").selectAll().where("user_id", "=", userId).execute();
  const grinderId = grinders[0]?.id ?? "";
  const payments = await db
    .selectFrom("grinder_payments")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  const audit = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("id", ">", Number(auditMark))
    .orderBy("id")
    .execute();
  const outbox = await db
    .selectFrom("sandbox_outbox")
    .select(["guild_id", "action", "payload"])
    .where("id", ">", Number(outboxMark))
    // How each path answers its caller (an HTTP response, an interaction reply) differs by nature.
    .where("action", "not like", "interaction.%")
    .orderBy("id")
    .execute();

  // Undo the hire, so the other path starts from the same state.
  await db.deleteFrom("grinder_payments").where("user_id", "=", userId).execute();
  await db.deleteFrom("grinders").where("user_id", "=", userId).execute();
  await db
    .updateTable("sandbox_members")
    .set({ roles: memberRoles })
    .where("guild_id", "=", demoGuildId)
    .where("user_id", "=", userId)
    .execute();

  return normalise(
    {
      grinders,
      payments,
      audit: audit.map((entry) => ({ ...entry, summary: JSON.parse(entry.summary) })),
      discord: outbox.map((row) => ({ ...row, payload: JSON.parse(row.payload) })),
    },
    grinderId,
  );
}

describe("a hire from the dashboard and from /grinder add", () => {
  it("stores the same rows and audit entry and makes the same Discord calls", async () => {
    const dashboard = await effectsOf(async () => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/grinders/${demoGuildId}/grinders`,
        headers: { authorization: t.token },
        payload: { userId, tier: "Silver" },
      });
      expect(res.statusCode).toBe(201);
    });
    const command = await effectsOf(async () => {
      const responses = await t.sandbox.simulateCommand({
        guildId: demoGuildId,
        userId: demoOwnerId,
        name: "grinder",
        subcommand: "add",
        options: { user: userId, tier: "Silver" },
      });
      expect(responses[0]?.message?.content).toContain("is now a **Silver** grinder");
    });

    expect(command).toEqual(dashboard);
    const [dashboardEntry, commandEntry] = await t.ctx.storage.db
      .selectFrom("audit_log")
      .select(["token_id", "address"])
      .where("action", "=", "grinders.hire")
      .orderBy("id", "desc")
      .limit(2)
      .execute()
      .then((rows) => rows.reverse());
    expect(dashboardEntry).toMatchObject({ address: "127.0.0.1" });
    expect(dashboardEntry?.token_id).not.toBeNull();
    expect(commandEntry).toEqual({ token_id: null, address: null });
    // Not two empty lists: the hire gave both roles, logged once, and wrote its row and audit entry.
    expect(dashboard).toMatchObject({
      grinders: [{ user_id: userId, tier_name: "Silver", hired_by: demoOwnerId, archived_at: null }],
      payments: [],
      audit: [{ action: "grinders.hire", actor_user_id: demoOwnerId, token_id: "<id>", feature: "grinders" }],
      discord: [
        { action: "member.role.add" },
        { action: "member.role.add" },
        { action: "message.send", payload: { message: { embeds: [{ title: "Grinder hired" }] } } },
      ],
    });
  });
});
