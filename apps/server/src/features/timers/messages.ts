import type { OutgoingMessage } from "../../discord/port/port.ts";

/**
 * What a timer posts. The countdown is a Discord timestamp token (`<t:…:R>`), which every client
 * renders as a live "in 2 hours" → "2 minutes ago", so the message never needs editing to tick.
 */

const colors = { running: 0xf97316, ended: 0x57f287, cancelled: 0xed4245 } as const;
const contentLimit = 2000;

const unix = (ms: number) => Math.floor(ms / 1000);
const relative = (ms: number) => `<t:${unix(ms)}:R>`;
const full = (ms: number) => `<t:${unix(ms)}:f>`;

export function countdownMessage(text: string, endsAt: number): OutgoingMessage {
  return {
    embeds: [
      {
        title: "⏳ Timer",
        description: `${text}\n\nEnds ${relative(endsAt)} (${full(endsAt)})`,
        color: colors.running,
        footer: { text: "Ends" },
        timestamp: new Date(endsAt).toISOString(),
      },
    ],
  };
}

export function endedMessage(text: string, endsAt: number): OutgoingMessage {
  return {
    embeds: [
      {
        title: "⌛ Timer ended",
        description: `${text}\n\nEnded ${relative(endsAt)} (${full(endsAt)})`,
        color: colors.ended,
        footer: { text: "Ended" },
        timestamp: new Date(endsAt).toISOString(),
      },
    ],
  };
}

export function cancelledMessage(text: string, cancelledAt: number): OutgoingMessage {
  return {
    embeds: [
      {
        title: "🛑 Timer cancelled",
        description: `~~${text}~~\n\nCancelled ${relative(cancelledAt)}`,
        color: colors.cancelled,
        footer: { text: "Cancelled" },
        timestamp: new Date(cancelledAt).toISOString(),
      },
    ],
  };
}

/** Cuts text to `max` UTF-16 units with an ellipsis, never splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * User and role mentions written in the timer's text. The end announcement lets exactly these ping
 * (a "Heist starts <@&events-ping>" timer should ping the role), never @everyone or @here.
 */
export function mentionsIn(text: string): { users: string[]; roles: string[] } {
  const users = new Set<string>();
  const roles = new Set<string>();
  for (const match of text.matchAll(/<@(!|&)?(\d{17,20})>/g)) {
    const id = match[2];
    if (!id) continue;
    if (match[1] === "&") roles.add(id);
    else users.add(id);
  }
  // Discord accepts at most 100 ids in each list.
  return { users: [...users].slice(0, 100), roles: [...roles].slice(0, 100) };
}

/** The new message posted when a timer ends, with a link back to its countdown. */
export function endAnnouncement(timer: {
  serverId: string;
  channelId: string;
  messageId: string;
  message: string;
}): OutgoingMessage {
  const prefix = "⏰ Timer ended: ";
  return {
    content: `${prefix}${truncate(timer.message, contentLimit - prefix.length)}`,
    allowedMentions: { ...mentionsIn(timer.message), everyone: false },
    components: [
      [
        {
          type: "button",
          style: "link",
          label: "Jump to timer",
          url: `https://discord.com/channels/${timer.serverId}/${timer.channelId}/${timer.messageId}`,
        },
      ],
    ],
  };
}
