import type { StaticaConfigBody } from "@hearth/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  actor,
  expectAppError as expectError,
  openStaticaFixture,
  type StaticaFixture,
} from "../../../test/fixtures/statica.ts";
import { demoGuildId, seedOtherGuild } from "../../../test/helpers.ts";
import type { AppContext } from "../../context.ts";
import { createStaticaConfig } from "./service.ts";

let t: StaticaFixture;
let ctx: AppContext;
let channels: Record<string, string>;
const role = (name: string) => t.role(name);
const valid: StaticaFixture["valid"] = (overrides) => t.valid(overrides);

beforeEach(async () => {
  t = await openStaticaFixture();
  ctx = t.ctx;
  channels = t.channels;
});
afterEach(() => t.cleanup());

describe("validation", () => {
  const create = (body: StaticaConfigBody) => createStaticaConfig(ctx, demoGuildId, actor, body);

  it("needs a reward role in the categories the detection type uses", async () => {
    await expectError(
      create({ conditions: { status: { keywords: ["hearth"] } } }),
      400,
      "roleConfig.combined",
      /^roleConfig\.combined: Please configure at least one reward role$/,
    );
    await expectError(
      create(valid({ type: "server_tag", roleConfig: { combined: [role("Member")] } })),
      400,
      "roleConfig.serverTag",
      /Please configure at least one reward role/,
    );
    await expectError(
      create(valid({ type: "status", roleConfig: { serverTag: [role("Member")] } })),
      400,
      "roleConfig.status",
    );
    await expectError(
      create(valid({ roleConfig: {}, settings: { separateRoles: true } })),
      400,
      "roleConfig",
      /Please configure at least one reward role/,
    );
    // With separate roles, a condition's own roles are enough.
    const created = await create(
      valid({ roleConfig: { status: [role("Member")] }, settings: { separateRoles: true } }),
    );
    expect(created.roleConfig.status).toEqual([role("Member")]);
  });

  it("needs a keyword whenever status detection is in use", async () => {
    const message =
      /^conditions\.status\.keywords: Please add at least one status keyword when status detection is enabled$/;
    await expectError(
      create({ roleConfig: { combined: [role("Member")] } }),
      400,
      "conditions.status.keywords",
      message,
    );
    await expectError(
      create({
        type: "status",
        roleConfig: { status: [role("Member")] },
        conditions: { status: { keywords: [" "] } },
      }),
      400,
      "conditions.status.keywords",
      message,
    );
    // Type status uses the status condition even when its own switch is off.
    await expectError(
      create({
        type: "status",
        roleConfig: { status: [role("Member")] },
        conditions: { status: { enabled: false } },
      }),
      400,
      "conditions.status.keywords",
    );
    // Combined with the status condition off needs none.
    const tagOnly = await create({
      roleConfig: { combined: [role("Member")] },
      conditions: { status: { enabled: false } },
    });
    expect(tagOnly.conditions.status.keywords).toEqual([]);
  });

  it("refuses a repeated keyword, ignoring case unless case-sensitive", async () => {
    await expectError(
      create(valid({ conditions: { status: { keywords: ["Hearth", "ember", " hearth"] } } })),
      400,
      "conditions.status.keywords.2",
      /"hearth" repeats keyword 1/,
    );
    const sensitive = await create(
      valid({ conditions: { status: { keywords: ["Hearth", "hearth"], caseSensitive: true } } }),
    );
    expect(sensitive.conditions.status.keywords).toEqual(["Hearth", "hearth"]);
  });

  it("needs somewhere to look for keywords", async () => {
    await expectError(
      create(
        valid({
          conditions: { status: { keywords: ["x"], includeCustomStatus: false, includeActivity: false } },
        }),
      ),
      400,
      "conditions.status.includeCustomStatus",
    );
  });

  it("needs at least one condition for combined detection", async () => {
    await expectError(
      create(valid({ conditions: { serverTag: { enabled: false }, status: { enabled: false } } })),
      400,
      "conditions",
    );
  });

  it("refuses a partner server listed twice", async () => {
    await expectError(
      create(
        valid({
          conditions: {
            status: { keywords: ["x"] },
            serverTag: {
              requireOwnServer: false,
              allowedGuilds: ["123456789012345678", "123456789012345678"],
            },
          },
        }),
      ),
      400,
      "conditions.serverTag.allowedGuilds.1",
    );
  });

  it.each([
    ["an unknown role", () => ["123456789012345678"], "roleConfig.combined", /no role with id/],
    ["@everyone", () => [demoGuildId], "roleConfig.combined", /no role with id/],
    ["a managed role", () => [role("Server Booster")], "roleConfig.combined", /managed by an integration/],
    ["a role listed twice", () => [role("Member"), role("Member")], "roleConfig.combined.1", /listed twice/],
    ["a moderation role", () => [role("Moderator")], "roleConfig.combined", /Kick Members, Ban Members/],
    ["an admin role", () => [role("Member"), role("Admin")], "roleConfig.combined.1", /Administrator/],
    ["a role with Manage Messages", () => [role("Event Manager")], "roleConfig.combined", /Manage Messages/],
  ])("refuses %s", async (_label, roles, field, message) => {
    await expectError(create(valid({ roleConfig: { combined: roles() } })), 400, field, message);
  });

  it("checks the roles of every category, not only the used ones", async () => {
    await expectError(
      create(valid({ roleConfig: { combined: [role("Member")], status: ["123456789012345678"] } })),
      400,
      "roleConfig.status",
    );
  });

  it("refuses another server's role", async () => {
    await seedOtherGuild(ctx);
    await ctx.storage.db
      .insertInto("sandbox_roles")
      .values({
        id: "555555555555555555",
        guild_id: "222222222222222222",
        name: "Elsewhere",
        color: 0,
        position: 1,
        permissions: "0",
        managed: 0,
        hoist: 0,
      })
      .execute();
    await expectError(
      create(valid({ roleConfig: { combined: ["555555555555555555"] } })),
      400,
      "roleConfig.combined",
    );
  });

  it("refuses roles the bot can't give while requireBotPermissions is on", async () => {
    await ctx.storage.db
      .updateTable("sandbox_roles")
      .set({ position: 50 })
      .where("id", "=", role("Gold"))
      .execute();
    await expectError(
      create(valid({ roleConfig: { combined: [role("Member"), role("Gold")] } })),
      400,
      "roleConfig.combined.1",
      /@Gold: it is not below Hearth's highest role; fix the bot's role/,
    );
    const created = await create(
      valid({ roleConfig: { combined: [role("Gold")] }, settings: { requireBotPermissions: false } }),
    );
    expect(created.roleConfig.combined).toEqual([role("Gold")]);
  });

  it("refuses every role while the bot lacks Manage Roles", async () => {
    await ctx.storage.db
      .updateTable("sandbox_roles")
      .set({ permissions: "0" })
      .where("id", "=", role("Hearth"))
      .execute();
    await expectError(
      create(valid()),
      400,
      "roleConfig.combined",
      /@Member: Hearth needs the Manage Roles permission to give it/,
    );
  });

  it("needs a text channel of the server for logs", async () => {
    await expectError(
      create(valid({ logging: { enabled: true } })),
      400,
      "logging.channel",
      /choose the channel/,
    );
    await expectError(
      create(valid({ logging: { enabled: true, channel: channels.Lounge } })),
      400,
      "logging.channel",
      /not a text channel/,
    );
    await expectError(
      create(valid({ logging: { enabled: true, channel: channels.Tickets } })),
      400,
      "logging.channel",
    );
    await expectError(
      create(valid({ logging: { enabled: false, channel: "123456789012345678" } })),
      400,
      "logging.channel",
      /no channel/,
    );
    const created = await create(valid({ logging: { enabled: true, channel: channels["mod-logs"] } }));
    expect(created.logging).toMatchObject({ enabled: true, channel: channels["mod-logs"] });
  });
});
