import { type APIUser, type Client, type REST, Routes } from "discord.js";
import type { ApplicationCommandDefinition } from "../port/port.ts";
import { call } from "./context.ts";

/**
 * The bot's own user id and its application id: from the gateway client once it is logged in, else
 * asked of Discord once and kept (a failed ask is forgotten, so the next one asks again).
 */
export class OwnIds {
  private botUserId: Promise<string> | null = null;
  private applicationId: Promise<string> | null;

  constructor(
    private readonly rest: REST,
    private readonly client: Client | null,
    applicationId?: string,
  ) {
    this.applicationId = applicationId ? Promise.resolve(applicationId) : null;
  }

  userId(): Promise<string> {
    const known = this.client?.user?.id;
    if (known) return Promise.resolve(known);
    this.botUserId ??= call(() => this.rest.get(Routes.user("@me"))).then((user) => (user as APIUser).id);
    this.botUserId.catch(() => {
      this.botUserId = null;
    });
    return this.botUserId;
  }

  application(): Promise<string> {
    const known = this.client?.application?.id;
    if (known) return Promise.resolve(known);
    this.applicationId ??= call(() => this.rest.get(Routes.currentApplication())).then(
      (application) => (application as { id: string }).id,
    );
    this.applicationId.catch(() => {
      this.applicationId = null;
    });
    return this.applicationId;
  }
}

/** Replaces the whole set (Discord's bulk overwrite): a command no longer listed disappears. */
export async function registerCommands(
  rest: REST,
  applicationId: string,
  commands: ApplicationCommandDefinition[],
  guildId?: string,
): Promise<void> {
  const route = guildId
    ? Routes.applicationGuildCommands(applicationId, guildId)
    : Routes.applicationCommands(applicationId);
  const body = commands.map((command) => ({
    name: command.name,
    description: command.description,
    options: command.options,
    default_member_permissions: command.defaultMemberPermissions,
    dm_permission: command.dmPermission,
  }));
  await call(() => rest.put(route, { body }));
}
