// Discord's REST and gateway objects → the port's shapes (ms timestamps, CDN URLs), and back, by
// what they map; one module for the adapter, its gateway events and their tests to import.

export { toDiscordError } from "./discordjs-adapter-errors.ts";
export { componentsFromApi, modalBody } from "./discordjs-adapter-mapping-components.ts";
export { embedFromApi } from "./discordjs-adapter-mapping-embeds.ts";
export {
  type ApiEmoji,
  emojiBody,
  emojiFromApi,
  reactionEmojiFromApi,
  reactionRoute,
} from "./discordjs-adapter-mapping-emojis.ts";
export {
  type ApiChannel,
  type ApiGuild,
  type ApiOverwrite,
  channelFromApi,
  channelFromCache,
  guildFromApi,
  guildFromCache,
  overwriteBody,
  overwriteFromApi,
  roleFromApi,
  roleFromCache,
} from "./discordjs-adapter-mapping-guilds.ts";
export {
  type ApiAttachment,
  type ApiMessage,
  attachmentFromApi,
  filesOf,
  messageBody,
  messageFromApi,
} from "./discordjs-adapter-mapping-messages.ts";
export {
  type ApiMember,
  memberFromApi,
  memberFromCache,
  primaryGuildFromApi,
  userFromApi,
  userFromCache,
} from "./discordjs-adapter-mapping-users.ts";
