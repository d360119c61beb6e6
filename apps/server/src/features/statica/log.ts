import { conditionsInUse, rewardRoleIds, type StaticaConfig } from "@hearth/core";
import type { AppContext } from "../../context.ts";

export type ConfigChange = "created" | "updated" | "enabled" | "disabled" | "removed";

const typeLabels: Record<StaticaConfig["type"], string> = {
  server_tag: "Server tag",
  status: "Status keywords",
  combined: "Server tag and status",
};

function detectionLabel(config: StaticaConfig): string {
  if (config.type !== "combined") return typeLabels[config.type];
  const used = conditionsInUse(config);
  if (used.serverTag && used.status) {
    return config.conditions.combination === "AND"
      ? "Server tag and status (both needed)"
      : "Server tag or status (either is enough)";
  }
  return used.serverTag ? typeLabels.server_tag : typeLabels.status;
}

/** Lists mentions up to an embed field's 1024 characters. */
function mentionList(roleIds: string[]): string {
  let text = "";
  for (const [index, roleId] of roleIds.entries()) {
    const next = `${text ? `${text}, ` : ""}<@&${roleId}>`;
    if (next.length > 1000) return `${text} and ${roleIds.length - index} more`;
    text = next;
  }
  return text || "None";
}

/**
 * Posts a "Config Updated" entry in the server's Statica log channel, when the configuration asks
 * for it. Called after the change is committed; a failure to post is logged, never thrown.
 */
export async function logConfigChange(
  deps: Pick<AppContext, "discord" | "logger">,
  serverId: string,
  config: StaticaConfig,
  change: ConfigChange,
  userId: string | null,
): Promise<void> {
  const { logging } = config;
  if (!logging.enabled || !logging.channel || !logging.events["Config Updated"]) return;
  const keywords = config.conditions.status.keywords;
  try {
    await deps.discord.sendMessage(logging.channel, {
      embeds: [
        {
          title: `Statica configuration ${change}`,
          description: userId ? `By <@${userId}> from the dashboard.` : "From the dashboard.",
          color: change === "removed" || change === "disabled" ? 0xef4444 : 0xf97316,
          fields: [
            { name: "Status", value: config.enabled ? "Active" : "Inactive", inline: true },
            { name: "Detection", value: detectionLabel(config), inline: true },
            { name: "Reward roles", value: mentionList(rewardRoleIds(config)) },
            ...(conditionsInUse(config).status
              ? [{ name: "Status keywords", value: String(keywords.length), inline: true }]
              : []),
          ],
          footer: { text: "Statica · Config Updated" },
          timestamp: new Date().toISOString(),
        },
      ],
    });
  } catch (error) {
    deps.logger.warn({ err: error, serverId, change }, "statica: could not post to the log channel");
  }
}

/**
 * Posts a "User Checked" entry when a member is checked on demand (`/statica test`) and the
 * configuration asks for it: who checked whom, and the verdict. Automatic checks (presence and member
 * updates) are not logged here: they log the roles they change ("Role Added"/"Role Removed").
 */
export async function logUserChecked(
  deps: Pick<AppContext, "discord" | "logger">,
  serverId: string,
  config: StaticaConfig,
  check: { userId: string; checkedBy: string; qualifies: boolean; earnedRoleIds: string[] },
): Promise<void> {
  const { logging } = config;
  if (!logging.enabled || !logging.channel || !logging.events["User Checked"]) return;
  try {
    await deps.discord.sendMessage(logging.channel, {
      embeds: [
        {
          title: "Member checked",
          description: `<@${check.checkedBy}> checked <@${check.userId}>: ${check.qualifies ? "qualifies" : "does not qualify"} for a supporter reward.`,
          color: check.qualifies ? 0x22c55e : 0x94a3b8,
          fields: [{ name: "Earned roles", value: mentionList(check.earnedRoleIds) }],
          footer: { text: "Statica · User Checked" },
          timestamp: new Date().toISOString(),
        },
      ],
      allowedMentions: { users: [], roles: [] },
    });
  } catch (error) {
    deps.logger.warn({ err: error, serverId }, "statica: could not post to the log channel");
  }
}
