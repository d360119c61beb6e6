import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn, type StoredGuild } from "../../../test/discord-stand-in/index.ts";
import { type StandInBot, startStandInBot } from "../../../test/stand-in-bot.ts";
import { addAction } from "./actions.ts";
import { componentsBot } from "./commands.ts";
import { applyEditorForm } from "./editor.ts";
import { postComponent } from "./posting.ts";
import { createComponent, type Editor } from "./service.ts";

// Stored components used through the real discord.js client and the Discord stand-in: a button
// toggling a role (INTERACTION_CREATE type 3 → role PUT/DELETE → private answer, flags 64), and a
// form (button → callback type 9 with the form and its fields' placeholders → submission → answers
// POSTed to a channel).

let standIn: DiscordStandIn;
let harness: StandInBot;
let guild: StoredGuild;
let channelId: string;
let staffId: string;
let roleId: string;
let owner: Editor;

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  guild = standIn.state.addGuild({ name: "Component Hollow" });
  channelId = standIn.state.addChannel(guild.id, { name: "verify", type: 0 }).id;
  staffId = standIn.state.addChannel(guild.id, { name: "staff", type: 0 }).id;
  const botRole = [...guild.roles.values()].find((role) => role.name === "Hearth");
  if (botRole) botRole.position = 5;
  roleId = standIn.state.addRole(guild.id, { name: "Verified", position: 2 }).id;
  owner = { userId: guild.ownerId, roleIds: [], permissions: "8" };
  harness = await startStandInBot(standIn, componentsBot, { commands: true });
});

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

const lastMessageIn = (channel: string) =>
  [...standIn.state.messages.values()].filter((message) => message.channel_id === channel).at(-1);

describe("interactive components through the stand-in", () => {
  it("a stored button toggles a role for whoever clicks it", async () => {
    const { ctx } = harness;
    let button = await createComponent(ctx, guild.id, owner, { type: "button", name: "verify" });
    button = (await applyEditorForm(ctx, button, "look", { label: "Verify", emoji: "✅", style: "success" }))
      .component;
    button = await addAction(ctx, button, owner, { kind: "toggle_role", role: "Verified" });
    await postComponent(ctx, button, channelId);
    const posted = standIn.find("POST", `/channels/${channelId}/messages`).at(-1);
    expect(posted?.body.components[0].components[0]).toMatchObject({
      type: 2,
      style: 3,
      label: "Verify",
      custom_id: `cmp:${button.componentId}`,
    });
    const messageId = lastMessageIn(channelId)?.id ?? "";

    const alice = standIn.state.addUser({ username: "alice" });
    standIn.state.addMember(guild.id, alice.id);
    const click = () =>
      standIn.clickButton({
        guildId: guild.id,
        userId: alice.id,
        channelId,
        messageId,
        customId: `cmp:${button.componentId}`,
      });
    const first = await click();
    expect(first.callback.body.type).toBe(4);
    expect(first.callback.body.data.flags & 64).toBe(64);
    expect(first.callback.body.data.content).toBe(`✅ Gave you <@&${roleId}>.`);
    expect(standIn.find("PUT", `/guilds/${guild.id}/members/${alice.id}/roles/${roleId}`)).toHaveLength(1);
    expect(guild.members.get(alice.id)?.roles).toContain(roleId);

    const second = await click();
    expect(second.callback.body.data.content).toBe(`✅ Took <@&${roleId}> from you.`);
    expect(guild.members.get(alice.id)?.roles).not.toContain(roleId);
  });

  it("a form: the button opens it (type 9) and the submitted answers are posted", async () => {
    const { ctx } = harness;
    let form = await createComponent(ctx, guild.id, owner, { type: "form", name: "apply" });
    form = (
      await applyEditorForm(ctx, form, "look", { label: "Apply", style: "primary", title: "Apply to staff" })
    ).component;
    form = (
      await applyEditorForm(ctx, form, "field", {
        label: "Your name",
        placeholder: "First name is fine",
        length: "-40",
      })
    ).component;
    form = (await applyEditorForm(ctx, form, "field", { label: "Why?", style: "paragraph" })).component;
    form = await addAction(ctx, form, owner, { kind: "post_answers", channel: "#staff" });
    await postComponent(ctx, form, channelId);
    const messageId = lastMessageIn(channelId)?.id ?? "";

    const bob = standIn.state.addUser({ username: "bob" });
    standIn.state.addMember(guild.id, bob.id);
    const opened = await standIn.clickButton({
      guildId: guild.id,
      userId: bob.id,
      channelId,
      messageId,
      customId: `cmp:${form.componentId}`,
    });
    expect(opened.callback.body.type).toBe(9);
    expect(opened.modal?.custom_id).toBe(`cmp:${form.componentId}`);
    expect(opened.modal?.title).toBe("Apply to staff");
    expect(opened.modal?.fields.map((field) => field.custom_id)).toEqual(["f1", "f2"]);
    // Discord's text input (type 4) carries the field's placeholder; a field without one has none.
    expect(opened.modal?.components[0].components[0]).toMatchObject({
      type: 4,
      custom_id: "f1",
      label: "Your name",
      max_length: 40,
      placeholder: "First name is fine",
    });
    expect(opened.modal?.fields[1]?.placeholder).toBeUndefined();

    const submitted = await standIn.submitModal({
      guildId: guild.id,
      userId: bob.id,
      channelId,
      messageId,
      customId: `cmp:${form.componentId}`,
      fields: { f1: "Bob", f2: "I like tidy servers" },
    });
    expect(submitted.callback.body.type).toBe(4);
    expect(submitted.callback.body.data.flags & 64).toBe(64);
    expect(submitted.callback.body.data.content).toBe(`✅ Sent your answers to <#${staffId}>.`);
    const answers = standIn.find("POST", `/channels/${staffId}/messages`).at(-1);
    expect(answers?.body.embeds[0]).toMatchObject({
      title: "📝 Apply to staff",
      description: `Submitted by <@${bob.id}>`,
      fields: [
        { name: "Your name", value: "Bob" },
        { name: "Why?", value: "I like tidy servers" },
      ],
    });
  });

  it("a deleted component's old button answers privately that it was deleted", async () => {
    const gone = await standIn.clickButton({
      guildId: guild.id,
      userId: guild.ownerId,
      channelId,
      messageId: lastMessageIn(channelId)?.id ?? "",
      customId: "cmp:0123456789ab",
    });
    expect(gone.callback.body.type).toBe(4);
    expect(gone.callback.body.data.flags & 64).toBe(64);
    expect(gone.callback.body.data.content).toBe("This component was deleted.");
  });
});
