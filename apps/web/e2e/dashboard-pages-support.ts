import type { SandboxMessage, SandboxServerResponse } from "@hearth/core";
import type { Page } from "playwright-core";
import { api, type DashboardSuite } from "./dashboard-support";

// What the More pages' browser tests (sticky, boards, perks, self-roles) share: the sandbox world they
// act in, read through the playground's API as a visitor would see it.

export async function sandboxWorld(suite: DashboardSuite) {
  const { body } = await api<SandboxServerResponse>(suite.server, null, "/api/sandbox/server");
  const channel = (name: string) => {
    const found = body.channels.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`the sandbox has no #${name}`);
    return found.id;
  };
  const people = body.members.filter((candidate) => !candidate.bot);
  const [member, other] = people;
  if (!member || !other) throw new Error("the sandbox has too few members to act as");
  return { world: body, channel, memberId: member.id, otherMemberId: other.id, botId: body.botUserId };
}

/** The channel's messages as the playground shows them, oldest first. */
export async function channelMessages(suite: DashboardSuite, channelId: string): Promise<SandboxMessage[]> {
  const { body } = await api<{ messages: SandboxMessage[] }>(
    suite.server,
    null,
    `/api/sandbox/channels/${channelId}/messages?limit=100`,
  );
  return body.messages;
}

/** Polls until `find` answers something (the bot acts a moment after the event), or fails after 15 s. */
export async function eventually<T>(
  what: string,
  find: () => Promise<T | undefined | null | false>,
): Promise<T> {
  const until = Date.now() + 15_000;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Picks an option of a picker (a combobox): types the name, then chooses the option with it. */
export async function pick(page: Page, label: string, name: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label });
  await box.click();
  await box.fill(name);
  await page
    .getByRole("option", { name: new RegExp(name) })
    .first()
    .click();
}

export const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true }).waitFor();

export const confirmWith = (page: Page, label: string) =>
  page.getByRole("dialog").getByRole("button", { name: label, exact: true }).click();
