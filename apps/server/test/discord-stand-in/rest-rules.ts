import {
  checkInteractionCallback,
  checkMessageEdit,
  checkNewMessage,
  invalidFormBody,
} from "../../src/discord/payload-rules/form-body.ts";
import {
  checkChannelBody,
  checkCommands,
  checkMemberBody,
  checkRoleBody,
} from "../../src/discord/payload-rules/guild.ts";
import type { FormErrors } from "../../src/discord/payload-rules/shared.ts";
import type { InteractionRecord } from "./rest-interactions.ts";
import { RestError } from "./rest-shared.ts";

// The stand-in refuses what Discord refuses: each write's body is checked by the payload rules
// before its route runs, and a refused one is answered as Discord answers it (400, code 50035
// "Invalid Form Body" with the error tree, or 50006 for an empty message). Nothing is stored.

type Rule = [method: string, pattern: RegExp, check: (body: unknown, path: string) => FormErrors];

export function bodyRules(interactions: Map<string, InteractionRecord>): Rule[] {
  const interactionOf = (path: string) => interactions.get(path.split("/")[2] ?? "");
  return [
    ["POST", /^\/channels\/[^/]+\/messages$/, (body) => checkNewMessage(body)],
    ["PATCH", /^\/channels\/[^/]+\/messages\/[^/]+$/, (body) => checkMessageEdit(body)],
    ["POST", /^\/webhooks\/[^/]+\/[^/]+$/, (body) => checkNewMessage(body, { ephemeralAllowed: true })],
    ["PATCH", /^\/webhooks\/[^/]+\/[^/]+\/messages\/[^/]+$/, (body) => checkMessageEdit(body)],
    [
      "POST",
      /^\/interactions\/[^/]+\/[^/]+\/callback$/,
      (body, path) => {
        const record = interactionOf(path);
        return checkInteractionCallback(body, {
          type: record?.type ?? 2,
          fromMessage: record?.fromMessage ?? false,
        });
      },
    ],
    ["POST", /^\/guilds\/[^/]+\/roles$/, (body) => checkRoleBody(body)],
    ["PATCH", /^\/guilds\/[^/]+\/roles\/[^/]+$/, (body) => checkRoleBody(body)],
    ["POST", /^\/guilds\/[^/]+\/channels$/, (body) => checkChannelBody(body, { create: true })],
    ["PATCH", /^\/channels\/[^/]+$/, (body) => checkChannelBody(body, { create: false })],
    ["PATCH", /^\/guilds\/[^/]+\/members\/[^/]+$/, (body) => checkMemberBody(body)],
    ["PUT", /^\/applications\/[^/]+\/commands$/, (body) => checkCommands(body)],
    ["PUT", /^\/applications\/[^/]+\/guilds\/[^/]+\/commands$/, (body) => checkCommands(body)],
  ];
}

/** Discord's refusal of a body that breaks a rule (the problems as lines too), or null. */
export function refusalOf(
  rules: Rule[],
  method: string,
  path: string,
  body: unknown,
): { error: RestError; problems: string[] } | null {
  const rule = rules.find(([m, pattern]) => m === method && pattern.test(path));
  if (!rule) return null;
  const errors = rule[2](body ?? {}, path);
  if (errors.empty) return null;
  if (errors.emptyMessage) {
    return { error: new RestError(400, 50006, "Cannot send an empty message"), problems: errors.list() };
  }
  const refusal = invalidFormBody(errors);
  if (!refusal) return null;
  return {
    error: new RestError(400, refusal.code, refusal.message, refusal.errors),
    problems: errors.list(),
  };
}
