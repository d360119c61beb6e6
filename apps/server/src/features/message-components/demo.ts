import type { AppContext } from "../../context.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { addAction } from "./actions.ts";
import { applyEditorForm } from "./editor.ts";
import { postComponent } from "./posting.ts";
import { createComponent, type Editor } from "./service.ts";

/**
 * The demo server's components, built through the same service the builder uses: a "verify" button
 * in #rules that toggles the Member role, and an "apply" staff-application form in #welcome whose
 * answers are posted to #staff-chat.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const channels = await ctx.discord.listChannels(demoGuildId);
  const channelId = (name: string) => channels.find((channel) => channel.name === name)?.id;
  const rules = channelId("rules");
  const welcome = channelId("welcome");
  const staff = channelId("staff-chat");
  if (!rules || !welcome || !staff) return;
  const owner: Editor = { userId: demoOwnerId, roleIds: [], permissions: "8" };

  let verify = await createComponent(ctx, demoGuildId, owner, {
    type: "button",
    name: "verify",
    channelId: rules,
  });
  verify = (
    await applyEditorForm(ctx, verify, "look", {
      label: "Verify",
      emoji: "✅",
      style: "success",
      message: "Read the rules above, then press **Verify** to unlock the rest of Ember Hollow.",
    })
  ).component;
  verify = await addAction(ctx, verify, owner, { kind: "toggle_role", role: "Member" });
  verify = await addAction(ctx, verify, owner, {
    kind: "send_message",
    text: "Welcome in, {user.displayName}! Press the button again to hide the server.",
    target: "private",
  });
  await postComponent(ctx, verify, rules);

  let apply = await createComponent(ctx, demoGuildId, owner, {
    type: "form",
    name: "apply",
    channelId: welcome,
  });
  apply = (
    await applyEditorForm(ctx, apply, "look", {
      label: "Apply for staff",
      emoji: "📝",
      style: "primary",
      title: "Staff application",
      message: "Want to help run Ember Hollow? Tell us about yourself.",
    })
  ).component;
  const fields: Record<string, string>[] = [
    { label: "How old are you?", style: "short", required: "yes", length: "-3" },
    { label: "Your time zone", placeholder: "e.g. UTC+1 or Europe/Paris", required: "yes", length: "-40" },
    {
      label: "Why do you want to join the team?",
      placeholder: "A few sentences about you and what you'd bring",
      style: "paragraph",
      required: "yes",
      length: "30-",
    },
    { label: "Past moderation experience", style: "paragraph", required: "no", length: "-1000" },
  ];
  for (const field of fields) {
    apply = (await applyEditorForm(ctx, apply, "field", field)).component;
  }
  apply = await addAction(ctx, apply, owner, { kind: "post_answers", channel: staff });
  apply = await addAction(ctx, apply, owner, {
    kind: "send_message",
    text: "Thanks {user.mention}! The staff team reads every application within a few days.",
    target: "private",
  });
  await postComponent(ctx, apply, welcome);
}
