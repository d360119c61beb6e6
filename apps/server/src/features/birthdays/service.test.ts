import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { DiscordError } from "../../discord/port/port.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { listAudit } from "../audit/service.ts";
import {
  announceBirthday,
  announceJobKind,
  configureBirthdays,
  findBirthday,
  removeBirthday,
  removeBirthdayRole,
  roleJobKind,
  scheduleOverdueBirthdays,
  setBirthday,
  upcomingBirthdays,
} from "./service.ts";

const utc = (text: string) => Date.parse(`${text}Z`);
const hour = 3_600_000;
const actor = { tokenId: null, userId: "200000000000000001" };

describe.each(dialects)("birthdays service on %s", (dialect) => {
  let t: TestContext;
  let events: string;
  let general: string;
  let roleId: string;
  let members: string[];

  beforeAll(async () => {
    t = await createTestContext({ dialect });
    const channels = await t.ctx.discord.listChannels(demoGuildId);
    events = channels.find((c) => c.name === "events")?.id ?? "";
    general = channels.find((c) => c.name === "general")?.id ?? "";
    roleId = (await t.ctx.discord.createRole(demoGuildId, { name: "Birthday" })).id;
    members = await demoMembers(t.ctx.storage.db, 12);
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    for (const table of ["birthdays", "birthday_settings", "jobs", "sandbox_outbox"] as const) {
      await t.ctx.storage.db.deleteFrom(table).execute();
    }
  });
  afterEach(() => vi.restoreAllMocks());

  const member = (index: number) => members[index] as string;
  const jobs = async (kind: string) =>
    (
      await t.ctx.storage.db
        .selectFrom("jobs")
        .selectAll()
        .where("kind", "=", kind)
        .where("status", "=", "pending")
        .orderBy("run_at")
        .execute()
    ).map((job) => ({ payload: JSON.parse(job.payload), runAt: Number(job.run_at), key: job.dedupe_key }));
  const sent = async () =>
    (
      await t.ctx.storage.db
        .selectFrom("sandbox_outbox")
        .selectAll()
        .where("action", "=", "message.send")
        .orderBy("id")
        .execute()
    ).map(
      (row) =>
        JSON.parse(row.payload) as {
          channelId: string;
          message: { content: string; allowedMentions: unknown };
        },
    );
  const roles = async (userId: string) =>
    ((await t.ctx.discord.getMember(demoGuildId, userId))?.roleIds ?? []).includes(roleId);
  const setup = (message?: string) =>
    configureBirthdays(t.ctx, demoGuildId, actor, { channelId: events, roleId, message: message ?? null });

  describe("saving", () => {
    it("saves month, day and time zone and schedules the announcement at local midnight", async () => {
      const now = utc("2026-07-01T12:00:00");
      const saved = await setBirthday(
        t.ctx,
        demoGuildId,
        member(0),
        { month: 7, day: 20, timezone: "asia/tokyo" },
        now,
      );
      expect(saved).toMatchObject({ month: 7, day: 20, year: null, showAge: false, timezone: "Asia/Tokyo" });
      expect(saved.nextAt).toBe(utc("2026-07-19T15:00:00"));
      expect(await jobs(announceJobKind)).toEqual([
        {
          payload: { serverId: demoGuildId, userId: member(0), at: saved.nextAt, year: 2026 },
          runAt: saved.nextAt,
          key: `birthday:${demoGuildId}:${member(0)}:${saved.nextAt}`,
        },
      ]);
    });

    it("keeps the saved time zone when a new date leaves it out, and moves the job", async () => {
      const now = utc("2026-07-01T12:00:00");
      await setBirthday(t.ctx, demoGuildId, member(0), { month: 7, day: 20, timezone: "Europe/Berlin" }, now);
      const moved = await setBirthday(t.ctx, demoGuildId, member(0), { month: 8, day: 2 }, now);
      expect(moved.timezone).toBe("Europe/Berlin");
      expect(moved.nextAt).toBe(utc("2026-08-01T22:00:00"));
      expect((await jobs(announceJobKind)).map((job) => job.runAt)).toEqual([moved.nextAt]);
    });

    it.each([
      [{ month: 4, day: 31 }, "day"],
      [{ month: 13, day: 1 }, "month"],
      [{ month: 2, day: 29, year: 2023 }, "day"],
      [{ month: 5, day: 5, year: 1850 }, "year"],
      [{ month: 5, day: 5, year: 2031 }, "year"],
      [{ month: 5, day: 5, showAge: true }, "show_age"],
      [{ month: 5, day: 5, timezone: "Mars/Olympus" }, "timezone"],
      [{ month: 5, day: 5, timezone: "+02:00" }, "timezone"],
    ])("refuses %o, naming %s", async (input, field) => {
      await expect(
        setBirthday(t.ctx, demoGuildId, member(0), input, utc("2026-07-01T12:00:00")),
      ).rejects.toMatchObject({ statusCode: 400, field });
      expect(await findBirthday(t.ctx, demoGuildId, member(0))).toBeNull();
    });

    it("accepts 29 February with a leap birth year", async () => {
      const saved = await setBirthday(
        t.ctx,
        demoGuildId,
        member(0),
        { month: 2, day: 29, year: 2004, showAge: true },
        utc("2026-07-01T12:00:00"),
      );
      expect(saved.nextAt).toBe(utc("2027-02-28T00:00:00"));
    });

    it("remove deletes the record and its job", async () => {
      await setBirthday(
        t.ctx,
        demoGuildId,
        member(0),
        { month: 9, day: 9, year: 1999 },
        utc("2026-07-01T12:00:00"),
      );
      expect(await removeBirthday(t.ctx, demoGuildId, member(0))).toBe(true);
      expect(await findBirthday(t.ctx, demoGuildId, member(0))).toBeNull();
      expect(await jobs(announceJobKind)).toEqual([]);
      expect(await removeBirthday(t.ctx, demoGuildId, member(0))).toBe(false);
    });
  });

  describe("announcing", () => {
    const now = utc("2026-07-01T12:00:00");
    const save = (index: number, input: Parameters<typeof setBirthday>[3]) =>
      setBirthday(t.ctx, demoGuildId, member(index), input, now);
    const jobFor = (saved: { serverId: string; userId: string; nextAt: number }, year = 2026) => ({
      serverId: saved.serverId,
      userId: saved.userId,
      at: saved.nextAt,
      year,
    });

    it("posts the message at midnight, pings only the member and gives the role for 24 hours", async () => {
      await setup();
      const saved = await save(0, { month: 7, day: 20, timezone: "America/New_York" });
      const outcome = await announceBirthday(t.ctx, jobFor(saved), saved.nextAt + 1000);
      expect(outcome).toBe("announced");
      const [message] = await sent();
      expect(message?.channelId).toBe(events);
      expect(message?.message.content).toBe(`🎉 Happy birthday, <@${member(0)}>! Have a wonderful day! 🎂`);
      expect(message?.message.allowedMentions).toEqual({ users: [member(0)] });
      expect(await roles(member(0))).toBe(true);
      expect(await jobs(roleJobKind)).toEqual([
        {
          payload: { serverId: demoGuildId, userId: member(0), roleId },
          runAt: saved.nextAt + 24 * hour,
          key: `birthday-role:${demoGuildId}:${member(0)}:2026`,
        },
      ]);
      // Next year's announcement is already scheduled.
      const next = utc("2027-07-20T04:00:00");
      expect((await jobs(announceJobKind)).map((job) => job.payload)).toContainEqual({
        serverId: demoGuildId,
        userId: member(0),
        at: next,
        year: 2027,
      });
      expect((await findBirthday(t.ctx, demoGuildId, member(0)))?.nextAt).toBe(next);

      // The removal job takes the role back.
      expect(await removeBirthdayRole(t.ctx, { serverId: demoGuildId, userId: member(0), roleId })).toBe(
        "removed",
      );
      expect(await roles(member(0))).toBe(false);
    });

    it("shows the age only when the member chose to, using the server's template", async () => {
      await setup("🎂 {user.mention}{if(birthday.age): turns {birthday.age}}!");
      const shown = await save(0, { month: 7, day: 20, year: 1996, showAge: true });
      const hidden = await save(1, { month: 7, day: 20, year: 1990 });
      await announceBirthday(t.ctx, jobFor(shown), shown.nextAt + 1000);
      await announceBirthday(t.ctx, jobFor(hidden), hidden.nextAt + 1000);
      expect((await sent()).map((m) => m.message.content)).toEqual([
        `🎂 <@${member(0)}> turns 30!`,
        `🎂 <@${member(1)}>!`,
      ]);
    });

    it("announces 29 February on 28 February in a non-leap year", async () => {
      await setup();
      const saved = await setBirthday(
        t.ctx,
        demoGuildId,
        member(2),
        { month: 2, day: 29, timezone: "Europe/London" },
        utc("2027-01-10T00:00:00"),
      );
      expect(saved.nextAt).toBe(utc("2027-02-28T00:00:00"));
      expect(await announceBirthday(t.ctx, jobFor(saved, 2027), saved.nextAt + 60_000)).toBe("announced");
      expect(await sent()).toHaveLength(1);
      expect((await findBirthday(t.ctx, demoGuildId, member(2)))?.nextAt).toBe(utc("2028-02-29T00:00:00"));
    });

    it("catches up once after downtime and never announces twice", async () => {
      await setup();
      const saved = await save(0, { month: 7, day: 20, timezone: "Europe/Berlin" });
      const job = jobFor(saved);
      // The worker was down at midnight and comes back six hours later.
      expect(await announceBirthday(t.ctx, job, saved.nextAt + 6 * hour)).toBe("announced");
      // The same job again (a second worker, the start-up safety net, a retry): nothing more.
      expect(await announceBirthday(t.ctx, job, saved.nextAt + 6 * hour + 1)).toBe("stale");
      expect(await scheduleOverdueBirthdays(t.ctx, saved.nextAt + 7 * hour)).toBe(0);
      expect(await sent()).toHaveLength(1);
      // Saving the same date again the same year doesn't earn a second announcement either.
      const again = await setBirthday(
        t.ctx,
        demoGuildId,
        member(0),
        { month: 12, day: 24 },
        saved.nextAt + 8 * hour,
      );
      expect(await announceBirthday(t.ctx, jobFor(again), again.nextAt + 1000)).toBe("stale");
      expect(await sent()).toHaveLength(1);
    });

    it("skips an announcement more than a day late but keeps next year's", async () => {
      await setup();
      const saved = await save(0, { month: 7, day: 20 });
      expect(await announceBirthday(t.ctx, jobFor(saved), saved.nextAt + 30 * hour)).toBe("late");
      expect(await sent()).toEqual([]);
      expect((await findBirthday(t.ctx, demoGuildId, member(0)))?.nextAt).toBe(utc("2027-07-20T00:00:00"));
    });

    it("retries a delivery Discord failed for a moment, still announcing once", async () => {
      await setup();
      const saved = await save(0, { month: 7, day: 20 });
      vi.spyOn(t.ctx.discord, "sendMessage").mockRejectedValueOnce(new DiscordError("unavailable", "down"));
      await expect(announceBirthday(t.ctx, jobFor(saved), saved.nextAt + 1000)).rejects.toThrow("down");
      expect(await announceBirthday(t.ctx, jobFor(saved), saved.nextAt + 60_000)).toBe("announced");
      expect(await announceBirthday(t.ctx, jobFor(saved), saved.nextAt + 120_000)).toBe("stale");
      expect(await sent()).toHaveLength(1);
    });

    it("reschedules a birthday whose job was lost, due now", async () => {
      const saved = await save(0, { month: 7, day: 20 });
      await t.ctx.storage.db.deleteFrom("jobs").execute();
      const later = saved.nextAt + hour;
      expect(await scheduleOverdueBirthdays(t.ctx, later)).toBe(1);
      expect(await jobs(announceJobKind)).toEqual([
        expect.objectContaining({
          runAt: later,
          payload: expect.objectContaining({ at: saved.nextAt, year: 2026 }),
        }),
      ]);
    });

    it("announces nothing without a setup, or for a member who left, but moves on to next year", async () => {
      const saved = await save(0, { month: 7, day: 20 });
      expect(await announceBirthday(t.ctx, jobFor(saved), saved.nextAt + 1000)).toBe("no-setup");
      await setup();
      const gone = await setBirthday(t.ctx, demoGuildId, "999999999999999991", { month: 7, day: 20 }, now);
      expect(await announceBirthday(t.ctx, jobFor(gone), gone.nextAt + 1000)).toBe("member-gone");
      expect(await sent()).toEqual([]);
      expect(
        await removeBirthdayRole(t.ctx, { serverId: demoGuildId, userId: "999999999999999991", roleId }),
      ).toBe("gone");
    });
  });

  describe("listing and setup", () => {
    it("lists the next ten by when they start, with ages only where shown", async () => {
      const now = utc("2026-07-01T12:00:00");
      for (let index = 0; index < 12; index++) {
        await setBirthday(
          t.ctx,
          demoGuildId,
          member(index),
          { month: 7, day: 2 + index, year: 2000, showAge: index === 1 },
          now,
        );
      }
      const { upcoming, total } = await upcomingBirthdays(t.ctx, demoGuildId);
      expect(total).toBe(12);
      expect(upcoming.map((entry) => entry.date)).toEqual([
        "2 July",
        "3 July",
        "4 July",
        "5 July",
        "6 July",
        "7 July",
        "8 July",
        "9 July",
        "10 July",
        "11 July",
      ]);
      expect(upcoming.map((entry) => entry.age)).toEqual([
        null,
        26,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
      ]);
    });

    it("validates the channel, role and template, and records the change", async () => {
      await expect(
        configureBirthdays(t.ctx, demoGuildId, actor, { channelId: "123456789012345678" }),
      ).rejects.toMatchObject({ statusCode: 400, field: "channel" });
      await expect(
        configureBirthdays(t.ctx, demoGuildId, actor, { channelId: general, message: "Hi {user.mentoin}" }),
      ).rejects.toMatchObject({
        statusCode: 400,
        field: "message",
        message: expect.stringContaining("{user.mention}"),
      });
      await expect(
        configureBirthdays(t.ctx, demoGuildId, actor, { channelId: general, roleId: demoGuildId }),
      ).rejects.toMatchObject({ statusCode: 400, field: "role" });
      const { settings } = await configureBirthdays(t.ctx, demoGuildId, actor, {
        channelId: general,
        roleId,
      });
      expect(settings).toMatchObject({ channelId: general, roleId, message: null });
      const [entry] = await listAudit(t.ctx.storage.db, demoGuildId, 1);
      expect(entry).toMatchObject({ action: "birthdays.setup" });
    });
  });
});
