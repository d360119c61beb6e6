import type { EmbedDraft } from "./limits.ts";

/** A built-in template every server has: a starting point for a common kind of message. */
export interface EmbedStarter {
  /** What `/embed create template:` takes (lower case, no spaces). */
  key: string;
  name: string;
  /** The docs' template category. */
  category: "Announcements" | "Rules and info" | "Welcome" | "Events" | "Updates";
  description: string;
  draft: EmbedDraft;
}

/** The built-in templates, in the order the builder lists them. */
export const embedStarters: readonly EmbedStarter[] = [
  {
    key: "announcement",
    name: "Announcement",
    category: "Announcements",
    description: "News for the whole server, with the time it was posted.",
    draft: {
      title: "📣 Announcement",
      description: "Write the news here. Keep the first line short: it's what people see in notifications.",
      color: "#F97316",
      footer: { text: "{server.name} team" },
      timestamp: true,
    },
  },
  {
    key: "rules",
    name: "Server rules",
    category: "Rules and info",
    description: "Numbered rules as fields, ready to edit.",
    draft: {
      title: "📜 Rules of {server.name}",
      description: "By taking part here you agree to these rules. Moderators have the final say.",
      color: "#5865F2",
      fields: [
        { name: "1. Be kind", value: "No harassment, hate speech or personal attacks." },
        { name: "2. Stay on topic", value: "Use the channel that fits what you're posting." },
        { name: "3. No spam", value: "No floods, mass pings or unsolicited ads." },
        { name: "4. Follow Discord's terms", value: "https://discord.com/terms" },
      ],
      footer: { text: "Questions? Ask a moderator." },
    },
  },
  {
    key: "faq",
    name: "FAQ",
    category: "Rules and info",
    description: "Questions and answers as fields.",
    draft: {
      title: "❓ Frequently asked questions",
      color: "#0EA5E9",
      fields: [
        { name: "How do I get roles?", value: "Pick them in the roles channel." },
        { name: "Where do I report a problem?", value: "Open a ticket or message a moderator." },
      ],
    },
  },
  {
    key: "welcome",
    name: "Welcome",
    category: "Welcome",
    description: "A greeting for a welcome or start-here channel.",
    draft: {
      title: "👋 Welcome to {server.name}!",
      description:
        "We're {server.memberCount} members strong. Read the rules, pick your roles, and say hi in chat.",
      color: "#22C55E",
      thumbnailUrl: "{server.icon}",
    },
  },
  {
    key: "event",
    name: "Event",
    category: "Events",
    description: "When, where and what to bring, as inline fields.",
    draft: {
      title: "🎉 Community event",
      description: "Describe the event and why people should come.",
      color: "#A855F7",
      fields: [
        { name: "When", value: "Saturday, 18:00 UTC", inline: true },
        { name: "Where", value: "Voice: Events stage", inline: true },
        { name: "Prizes", value: "Say what winners get", inline: true },
      ],
      footer: { text: "React to say you're coming" },
    },
  },
  {
    key: "changelog",
    name: "Update notes",
    category: "Updates",
    description: "What changed, as a short list.",
    draft: {
      title: "🛠️ What's new",
      description:
        "**Added**\n• Something new\n\n**Changed**\n• Something better\n\n**Fixed**\n• Something broken",
      color: "#EAB308",
      timestamp: true,
    },
  },
];

/** The built-in template of a key or name (case does not matter), or undefined. */
export function findEmbedStarter(keyOrName: string): EmbedStarter | undefined {
  const wanted = keyOrName.trim().toLowerCase();
  return embedStarters.find((starter) => starter.key === wanted || starter.name.toLowerCase() === wanted);
}
