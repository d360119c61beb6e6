import type { EmbedDraft } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { demoGuildId, demoOwnerId } from "../../discord/sandbox/demo-seed-data.ts";
import { findTemplateByName } from "./store.ts";
import { saveTemplate } from "./templates.ts";

const templates: { name: string; draft: EmbedDraft }[] = [
  {
    name: "Weekly boss raid",
    draft: {
      title: "⚔️ Weekly boss raid",
      description: "The Ember Hollow raid group meets every Saturday. Bring potions and your best gear!",
      color: "#DC2626",
      fields: [
        { name: "When", value: "Saturday, 19:00 UTC", inline: true },
        { name: "Where", value: "Voice: Raid Hall", inline: true },
        { name: "Leader", value: "{server.owner.mention}", inline: true },
      ],
      footer: { text: "React ✅ to sign up" },
    },
  },
  {
    name: "Market rules",
    draft: {
      title: "🛒 Trading rules",
      description: "Keep trades fair and in #trading. Scams mean a permanent ban.",
      color: "#EAB308",
      fields: [
        { name: "1. Post prices", value: "Every offer names a price or says 'offers'." },
        { name: "2. Use a middleman", value: "For trades over 10M coins, ask a Moderator to middleman." },
        { name: "3. No bumping", value: "Repost an offer at most once every 6 hours." },
      ],
    },
  },
  {
    name: "Welcome card",
    draft: {
      title: "👋 Welcome to {server.name}",
      description:
        "Grab your roles, read the rules and say hi. You're our {server.memberCount.ordinal} member!",
      color: "#F97316",
      thumbnailUrl: "{server.icon}",
      timestamp: true,
    },
  },
];

/** Seeds a few saved embed templates on the demo server. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  for (const template of templates) {
    if (await findTemplateByName(ctx.storage.db, demoGuildId, template.name)) continue;
    await saveTemplate(ctx, demoGuildId, { ...template, userId: demoOwnerId });
  }
}
