import type { WelcomeConfig } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { demoGuildId } from "../../discord/sandbox/demo-seed-data.ts";
import * as store from "./store.ts";

/** The demo server greets in #welcome and pings new members in #general and #self-roles. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const channels = await ctx.discord.listChannels(demoGuildId);
  const idOf = (name: string) => channels.find((channel) => channel.name === name)?.id;
  const welcome = idOf("welcome");
  const general = idOf("general");
  const selfRoles = idOf("self-roles");
  const rules = idOf("rules");
  if (!welcome || !general || !selfRoles) return;

  const rulesLink = rules ? `<#${rules}>` : "#rules";
  const config: WelcomeConfig = {
    enabled: true,
    channelId: welcome,
    mentionUser: true,
    embed: {
      title: "🔥 Welcome to {server.name}, {user.displayName}!",
      description: [
        "Hey {user.mention}, pull up a chair by the fire — you're our **{server.memberCount.ordinal}** member!",
        "",
        `📜 Read the ${rulesLink} first`,
        `🎭 Grab your ping roles in <#${selfRoles}>`,
        "🎉 Weekly giveaways and events: keep an eye on the announcements",
        "{if(user.accountAge < 30):{newline}🌱 New to Discord? Ask anything in the general chat, we don't bite.}",
      ].join("\n"),
      color: "#F97316",
      thumbnail: "{user.avatar}",
      footer: { text: "Ember Hollow • {memberCount} members and counting", iconURL: "{server.icon}" },
      timestamp: true,
    },
    button: { enabled: true, label: "Wave to say hi!", emoji: "👋" },
  };
  const now = Date.now();
  await store.saveWelcomeConfig(ctx.storage.db, demoGuildId, config, now);
  await store.savePingConfig(
    ctx.storage.db,
    demoGuildId,
    {
      enabled: true,
      channels: [
        { channelId: general, message: null },
        { channelId: selfRoles, message: "{user} pick your ping roles here 👇" },
      ],
    },
    now,
  );
}
