import { renderTemplate } from "@hearth/core";
import type { AppContext } from "../../context.ts";
import { templateContextFor } from "../../discord/people/template-context.ts";
import { DiscordError, type MemberInfo } from "../../discord/port/port.ts";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { giveRoleSafely } from "../audit/service.ts";
import { answerEmbeds } from "./forms.ts";
import { type Action, actionLabels, componentLimits, incompleteReason, triggerActions } from "./model.ts";
import { checkRoleUsable, dangerousPermissions } from "./roles.ts";
import type { StoredComponent } from "./store.ts";
import * as store from "./store.ts";

/** A member using a component: what the click or submission answers, and its actions run in order. */

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

/** A stored component usable from a click: the component, or a friendly refusal. */
export async function componentForUse(
  deps: Deps,
  componentId: string,
  guildId: string | null,
): Promise<StoredComponent> {
  const component = await store.findComponentById(deps.storage.db, componentId);
  if (!component || component.serverId !== guildId) throw notFound("This component was deleted.");
  const missing = incompleteReason(component.type, component.definition);
  if (missing) throw badRequest("This component isn't finished yet; an admin is still building it.");
  return component;
}

/** What a trigger answers: the form to open, or the actions to run. */
export async function resolveTrigger(
  deps: Deps,
  component: StoredComponent,
  optionValue: string | null,
): Promise<{ form: StoredComponent } | { actions: Action[] }> {
  if (component.type === "form") {
    return { form: component };
  }
  const actions = triggerActions(component.definition, optionValue);
  const open = actions.find((action) => action.kind === "open_form");
  if (open && open.kind === "open_form") {
    const form = await store.findComponentById(deps.storage.db, open.formId);
    if (!form || form.serverId !== component.serverId || form.type !== "form") {
      throw notFound("The form this opens was deleted; ask an admin to update this component.");
    }
    const missing = incompleteReason(form.type, form.definition);
    if (missing) throw badRequest("The form this opens isn't finished yet.");
    return { form };
  }
  return { actions };
}

export interface RunContext {
  serverId: string;
  /** Where the component was used ("here"). */
  channelId: string | null;
  member: MemberInfo;
  /** Forms: the checked answers. */
  form?: { component: StoredComponent; answers: { label: string; value: string }[] };
  now?: number;
}

/** What running a trigger produced: lines for the member, and private messages shown to them. */
export interface RunOutcome {
  lines: string[];
  privateMessages: string[];
  failures: number;
}

/** Runs a trigger's actions in order; one failing is reported and the others still run. */
export async function runActions(deps: Deps, actions: Action[], run: RunContext): Promise<RunOutcome> {
  const outcome: RunOutcome = { lines: [], privateMessages: [], failures: 0 };
  for (const action of actions) {
    try {
      const line = await runAction(deps, action, run, outcome);
      if (line) outcome.lines.push(`✅ ${line}`);
    } catch (error) {
      outcome.failures++;
      const reason = failureReason(error);
      if (reason === null) {
        deps.logger.error({ err: error, action: action.kind }, "components: an action failed");
      }
      outcome.lines.push(
        `⚠️ ${actionLabels[action.kind]}: ${reason ?? "something went wrong; try again later."}`,
      );
    }
  }
  return outcome;
}

function failureReason(error: unknown): string | null {
  if (error instanceof AppError) return error.message;
  if (error instanceof DiscordError) {
    if (error.code === "missing_permissions") return "I'm missing a permission for that.";
    if (error.code === "unknown_channel") return "the channel no longer exists.";
    if (error.code === "unknown_role") return "the role no longer exists.";
    if (error.code === "unknown_member") return "you're no longer a member here.";
    return "Discord refused it; try again in a moment.";
  }
  return null;
}

async function runAction(
  deps: Deps,
  action: Action,
  run: RunContext,
  outcome: RunOutcome,
): Promise<string | null> {
  const { serverId, member } = run;
  const userId = member.user.id;
  switch (action.kind) {
    case "give_role":
    case "take_role":
    case "toggle_role": {
      const role = await checkRoleUsable(deps, serverId, action.roleId);
      const live = await deps.discord.getMember(serverId, userId);
      const has = (live ?? member).roleIds.includes(role.id);
      const give = action.kind === "give_role" || (action.kind === "toggle_role" && !has);
      if (give) {
        if (has) return `You already have <@&${role.id}>.`;
        // Checked on every click too: the role may have gained a dangerous permission since it was attached.
        const given = await giveRoleSafely(deps, serverId, {
          feature: "components",
          userId,
          roleId: role.id,
          reason: "Interactive component",
        });
        if (!given.safe) {
          const risky = dangerousPermissions(role);
          throw forbidden(
            risky.length > 0
              ? `<@&${role.id}> now grants ${risky.join(", ")}, so I won't hand it out from a component; an admin needs to remove that permission or this action.`
              : `I can't give <@&${role.id}>: ${given.reason}.`,
          );
        }
        return `Gave you <@&${role.id}>.`;
      }
      if (!has) return `You don't have <@&${role.id}>.`;
      await deps.discord.removeMemberRole(serverId, userId, role.id, "Interactive component");
      return `Took <@&${role.id}> from you.`;
    }
    case "send_message": {
      const context = await templateContextFor(deps, serverId, member, run.now ?? Date.now());
      const text = renderTemplate(action.text, context).slice(0, componentLimits.messageText);
      if (action.target === "private") {
        outcome.privateMessages.push(text);
        return null;
      }
      const channelId = action.target === "here" ? run.channelId : action.target;
      if (!channelId) throw badRequest("there's no channel to send the message to.");
      await deps.discord.sendMessage(channelId, { content: text, allowedMentions: { users: [userId] } });
      return action.target === "here" ? "Sent the message here." : `Sent the message in <#${channelId}>.`;
    }
    case "post_answers": {
      if (!run.form) throw badRequest("only a form has answers to post.");
      const embeds = answerEmbeds(run.form.component, member, run.form.answers, run.now ?? Date.now());
      for (const embed of embeds) {
        await deps.discord.sendMessage(action.channelId, { embeds: [embed] });
      }
      return `Sent your answers to <#${action.channelId}>.`;
    }
    case "open_form":
      // Resolved before running (a form is the interaction's answer); never reached in a list.
      throw badRequest("a form can only be opened as the first answer.");
  }
}

/** The member's reply after a trigger ran. */
export function outcomeReply(outcome: RunOutcome, test: boolean): string {
  const parts: string[] = [];
  if (test) parts.push("🧪 **Test run**: the actions ran on you.");
  parts.push(...outcome.privateMessages);
  parts.push(...outcome.lines);
  if (parts.length === 0) parts.push("Done.");
  const text = parts.join("\n");
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text;
}
