import { defaultVoteMessage, renderVoteMessage, type VoteMessageTag } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { displayName } from "../../discord/people/display-name.ts";
import { DiscordError, type OutgoingMessage } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";
import { readVoteDesign, renderVoteDesign } from "../message-designer/service.ts";
import { grantReward } from "./rewards.ts";
import { monthlyAt } from "./stats.ts";
import { findSettings, findStats, findVote, type VoteSettingsRow } from "./store.ts";

type Deps = Pick<AppContext, "storage" | "discord" | "jobs" | "logger">;

/** The vote tags' values for one vote. */
export async function voteValues(
  deps: Pick<AppContext, "storage" | "discord">,
  settings: VoteSettingsRow,
  vote: { userId: string; platform: string; at: number },
): Promise<Record<VoteMessageTag, string>> {
  const serverId = settings.server_id;
  const [member, guild, stats] = await Promise.all([
    deps.discord.getMember(serverId, vote.userId),
    deps.discord.getGuild(serverId),
    findStats(deps.storage.db, serverId, vote.userId),
  ]);
  const user = member?.user ?? (await deps.discord.getUser(vote.userId));
  return {
    USER_NAME: user ? displayName(user, member?.nick) : `User ${vote.userId.slice(-4)}`,
    USER_MENTION: `<@${vote.userId}>`,
    TOTAL_VOTES: String(stats?.totalVotes ?? 0),
    MONTHLY_VOTES: String(stats ? monthlyAt(stats, vote.at) : 0),
    SERVER_NAME: guild?.name ?? "this server",
    PLATFORM: vote.platform,
    VOTE_TIMESTAMP: `<t:${Math.floor(vote.at / 1000)}:f>`,
  };
}

/**
 * The server's vote notification for one vote: the design saved from the AI message designer
 * (content line + embed), or the plain default line. Only the voter may be pinged.
 */
export async function renderNotification(
  deps: Pick<AppContext, "storage" | "discord">,
  settings: VoteSettingsRow,
  vote: { userId: string; platform: string; at: number },
): Promise<OutgoingMessage> {
  const values = await voteValues(deps, settings, vote);
  const design = readVoteDesign(settings.design);
  const message = design
    ? renderVoteDesign(design, values)
    : { content: renderVoteMessage(settings.message ?? defaultVoteMessage, values) };
  return { ...message, allowedMentions: { users: [vote.userId] } };
}

async function notify(
  deps: Deps,
  settings: VoteSettingsRow,
  vote: { userId: string; platform: string; at: number },
  prefix = "",
): Promise<void> {
  if (!settings.channel_id) return;
  const message = await renderNotification(deps, settings, vote);
  const content = `${prefix}${message.content ?? ""}`.trim();
  try {
    await deps.discord.sendMessage(settings.channel_id, { ...message, ...(content ? { content } : {}) });
  } catch (error) {
    if (!(error instanceof DiscordError)) throw error;
    deps.logger.warn({ err: error, serverId: settings.server_id }, "votes: could not post the notification");
  }
}

/** The delivery job of a counted vote: reward role first, then the notification. */
export async function deliverVote(deps: Deps, voteRowId: number): Promise<void> {
  const vote = await findVote(deps.storage.db, voteRowId);
  if (!vote) return; // Deleted by /votetracker admin deleteuser before delivery.
  const settings = await findSettings(deps.storage.db, vote.server_id);
  if (!settings) return;
  const at = Number(vote.voted_at);
  if (settings.reward_role_id) await grantReward(deps, settings, vote.user_id, at);
  await notify(deps, settings, { userId: vote.user_id, platform: vote.platform, at });
}

/** The listing site's "test" webhook: a notification marked as a test, nothing counted. */
export async function deliverTestVote(
  deps: Deps,
  serverId: string,
  vote: { userId: string; platform: string; at: number },
): Promise<void> {
  const settings = await findSettings(deps.storage.db, serverId);
  if (settings) await notify(deps, settings, vote, "🧪 Test vote: ");
}

/**
 * The setup's "Send test vote" button: the notification with the member as the voter, marked as a
 * test, nothing counted. Refused until vote tracking is set up with a notification channel; answers
 * the channel it went to.
 */
export async function sendTestVote(deps: Deps, serverId: string, userId: string): Promise<string> {
  const settings = await findSettings(deps.storage.db, serverId);
  if (!settings)
    throw badRequest("Vote tracking isn't set up here yet: run `/votetracker admin setup` first.");
  if (!settings.channel_id) {
    throw badRequest(
      "There's no notification channel: run `/votetracker admin setup channel:` to choose one, then test again.",
    );
  }
  await deliverTestVote(deps, serverId, { userId, platform: "test", at: Date.now() });
  return settings.channel_id;
}
