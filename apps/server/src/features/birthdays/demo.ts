import type { AppContext } from "../../context.ts";
import { demoMembers } from "../../discord/sandbox/demo-seed.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { seededRandom } from "../../lib/seeded-random.ts";
import { configureBirthdays, getBirthdaySettings, setBirthday } from "./service.ts";

const day = 86_400_000;
const zones = [
  "Europe/London",
  "Europe/Berlin",
  "America/New_York",
  "America/Los_Angeles",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Asia/Kolkata",
  "UTC",
];

/**
 * Ember Hollow's birthdays: announced in #events with a Birthday role for the day, and 14 members'
 * birthdays spread over the next two months in several time zones (some show their age, one is a
 * leap-day birthday), saved through the same service `/birthday set` calls.
 */
export async function seedDemo(ctx: AppContext, now = Date.now()): Promise<void> {
  if (await getBirthdaySettings(ctx, demoGuildId)) return;
  const events = (await ctx.discord.listChannels(demoGuildId)).find(
    (c) => c.name === "events" && c.type === 0,
  );
  if (!events) return;
  const roles = await ctx.discord.listRoles(demoGuildId);
  const role =
    roles.find((r) => r.name === "Birthday") ??
    (await ctx.discord.createRole(demoGuildId, { name: "Birthday", color: 0xf472b6 }, "Birthdays demo role"));
  await configureBirthdays(
    ctx,
    demoGuildId,
    { tokenId: null, userId: demoOwnerId },
    {
      channelId: events.id,
      roleId: role.id,
    },
  );

  const random = seededRandom(1225);
  const members = await demoMembers(ctx.storage.db, 14);
  for (const [index, userId] of members.entries()) {
    const date = new Date(now + Math.floor(random() * 60 + 1) * day);
    const leapDay = index === 5;
    const withYear = index % 3 === 0;
    await setBirthday(
      ctx,
      demoGuildId,
      userId,
      {
        month: leapDay ? 2 : date.getUTCMonth() + 1,
        day: leapDay ? 29 : date.getUTCDate(),
        year: withYear ? 1990 + Math.floor(random() * 16) : null,
        timezone: zones[index % zones.length] ?? "UTC",
        showAge: withYear && index % 2 === 0,
      },
      now,
    );
  }
}
