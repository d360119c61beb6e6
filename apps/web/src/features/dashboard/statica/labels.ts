import type { StaticaConfig, StaticaType } from "@hearth/core";

/** What each detection type and behaviour switch is called in the editor. */
export const typeLabels: Record<StaticaType, { label: string; description: string }> = {
  server_tag: { label: "Server tag", description: "Members wearing your server's tag." },
  status: { label: "Status", description: "Members with a keyword in their status." },
  combined: { label: "Combined", description: "Server tag and/or status, with their own roles." },
};

export const settingLabels: Record<keyof StaticaConfig["settings"], { label: string; description: string }> =
  {
    removeOnLeave: {
      label: "Forget members who leave",
      description: "A returning member is checked again from scratch.",
    },
    removeOnConditionFail: {
      label: "Remove roles when no longer qualifying",
      description: "Roles go when the tag or keyword does.",
    },
    requireBotPermissions: {
      label: "Only roles the bot can give",
      description: "Refuses roles above Hearth's highest role.",
    },
    notifyUsers: { label: "DM members", description: "Tell members when they gain or lose a reward." },
    separateRoles: {
      label: "Separate roles per condition",
      description: "Combined: also give the tag and status roles.",
    },
  };
