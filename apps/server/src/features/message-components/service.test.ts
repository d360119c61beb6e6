import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComponentsFixture, openComponentsFixture } from "../../../test/fixtures/message-components.ts";
import { demoGuildId } from "../../../test/helpers.ts";
import { checkCommandAccess } from "../../bot/commands/permissions.ts";
import { managerRoleResolver } from "../../composition.ts";
import type { InteractionMember } from "../../discord/port/interaction.ts";
import { demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { createComponent, requireComponent, setManagerRole } from "./service.ts";

let f: ComponentsFixture;

beforeAll(async () => {
  f = await openComponentsFixture();
});
afterAll(async () => {
  await f.test.cleanup();
});

describe("creating and finding", () => {
  it("names are unique per server whatever their case; found by name or id", async () => {
    const made = await createComponent(f.test.ctx, demoGuildId, f.owner, { type: "button", name: "Verify" });
    await expect(
      createComponent(f.test.ctx, demoGuildId, f.owner, { type: "button", name: "verify" }),
    ).rejects.toThrow("already has a component named");
    expect((await requireComponent(f.test.ctx, demoGuildId, "VERIFY")).componentId).toBe(made.componentId);
    expect((await requireComponent(f.test.ctx, demoGuildId, made.componentId)).name).toBe("Verify");
    await expect(requireComponent(f.test.ctx, demoGuildId, "nothing")).rejects.toThrow("No component named");
    await expect(
      createComponent(f.test.ctx, demoGuildId, f.owner, { type: "slider", name: "x" }),
    ).rejects.toThrow("button, select or form");
    await expect(
      createComponent(f.test.ctx, demoGuildId, f.owner, {
        type: "button",
        name: "v",
        channelId: f.channel("Lounge"),
      }),
    ).rejects.toThrow("not a text channel");
  });
});

describe("the component-management role", () => {
  it("stands in for Manage Server on the /components admin commands once set", async () => {
    const plain = await f.member();
    const asMember: InteractionMember = { ...plain, roleIds: [f.role("Event Manager")], permissions: "0" };
    await expect(
      checkCommandAccess(managerRoleResolver(f.test.ctx), demoGuildId, "components create", asMember, []),
    ).rejects.toThrow("component management role");
    await setManagerRole(f.test.ctx, demoGuildId, demoOwnerId, f.role("Event Manager"));
    await expect(
      checkCommandAccess(managerRoleResolver(f.test.ctx), demoGuildId, "components create", asMember, []),
    ).resolves.toBeUndefined();
    await expect(
      checkCommandAccess(managerRoleResolver(f.test.ctx), demoGuildId, "components delete", asMember, []),
    ).resolves.toBeUndefined();
    await setManagerRole(f.test.ctx, demoGuildId, demoOwnerId, demoGuildId);
    await expect(
      checkCommandAccess(managerRoleResolver(f.test.ctx), demoGuildId, "components edit", asMember, []),
    ).rejects.toThrow("Manage Server");
    await expect(
      setManagerRole(f.test.ctx, demoGuildId, demoOwnerId, f.role("Server Booster")),
    ).rejects.toThrow("managed");
  });
});
