/** Why Hearth asks for each of the five invite permissions; the names come from `GET /api/invite`. */
export const permissionReasons: Record<string, string> = {
  "Send Messages": "Reply to commands, post welcomes, giveaways, board posts and announcements.",
  "Manage Messages": "Keep sticky messages at the bottom and tidy up its own prompts and pings.",
  "Embed Links": "Send rich embeds for profiles, leaderboards, giveaways and welcome messages.",
  "Read Message History": "Find the messages it manages again: giveaways, panels and board posts.",
  "Use Slash Commands": "Register and answer every /command in your server.",
};
