import {
  checkArray,
  checkBoolean,
  checkInteger,
  checkString,
  FormErrors,
  isObject,
  isSnowflake,
  textLength,
} from "./shared.ts";

// Roles, channels, members and the application's commands, as Discord validates their bodies.

export const guildRules = {
  roleName: 100,
  channelName: 100,
  topic: 1024,
  nick: 32,
  /** A timeout may end at most 28 days from now. */
  timeoutMs: 28 * 24 * 60 * 60 * 1000,
  commands: 100,
  commandName: 32,
  commandDescription: 100,
  options: 25,
  choices: 25,
} as const;

const bitfield = /^\d{1,20}$/;

/** `POST /guilds/{id}/roles` and `PATCH /guilds/{id}/roles/{id}`. */
export function checkRoleBody(body: unknown): FormErrors {
  const errors = new FormErrors();
  if (!isObject(body)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return errors;
  }
  checkString(errors, body, "name", { max: guildRules.roleName });
  checkInteger(errors, body, "color", 0, 0xffffff);
  checkBoolean(errors, body, "hoist");
  checkBoolean(errors, body, "mentionable");
  if (
    body.permissions !== undefined &&
    body.permissions !== null &&
    !bitfield.test(String(body.permissions))
  ) {
    errors.add(["permissions"], "NUMBER_TYPE_COERCE", `Value "${String(body.permissions)}" is not int.`);
  }
  return errors;
}

const channelTypes = [0, 2, 4, 5, 13, 15, 16];

/** `POST /guilds/{id}/channels` and `PATCH /channels/{id}`. */
export function checkChannelBody(body: unknown, options: { create: boolean }): FormErrors {
  const errors = new FormErrors();
  if (!isObject(body)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return errors;
  }
  checkString(errors, body, "name", { min: 1, max: guildRules.channelName, required: options.create });
  if (body.type !== undefined && !channelTypes.includes(body.type as number)) {
    errors.add(["type"], "BASE_TYPE_CHOICES", `Value must be one of {${channelTypes.join(", ")}}.`);
  }
  checkString(errors, body, "topic", { max: body.type === 15 ? 4096 : guildRules.topic });
  checkBoolean(errors, body, "nsfw");
  checkInteger(errors, body, "rate_limit_per_user", 0, 21600);
  if (body.parent_id !== undefined && body.parent_id !== null && !isSnowflake(body.parent_id)) {
    errors.add(["parent_id"], "NUMBER_TYPE_COERCE", `Value "${String(body.parent_id)}" is not snowflake.`);
  }
  const overwrites = checkArray(errors, body, "permission_overwrites", 0, 100) ?? [];
  overwrites.forEach((overwrite, index) => {
    const at = errors.at("permission_overwrites", index);
    if (!isObject(overwrite)) {
      at.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      return;
    }
    if (!isSnowflake(overwrite.id))
      at.add(["id"], "NUMBER_TYPE_COERCE", `Value "${String(overwrite.id)}" is not snowflake.`);
    if (overwrite.type !== 0 && overwrite.type !== 1)
      at.add(["type"], "BASE_TYPE_CHOICES", "Value must be one of {0, 1}.");
    for (const key of ["allow", "deny"]) {
      const value = overwrite[key];
      if (value !== undefined && value !== null && !bitfield.test(String(value))) {
        at.add([key], "NUMBER_TYPE_COERCE", `Value "${String(value)}" is not int.`);
      }
    }
  });
  return errors;
}

/** `PATCH /guilds/{id}/members/{id}`: nickname, roles, timeout. */
export function checkMemberBody(body: unknown, now = Date.now()): FormErrors {
  const errors = new FormErrors();
  if (!isObject(body)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return errors;
  }
  checkString(errors, body, "nick", { max: guildRules.nick });
  const roles = checkArray(errors, body, "roles", 0, 250) ?? [];
  roles.forEach((id, index) => {
    if (!isSnowflake(id))
      errors.add(["roles", index], "NUMBER_TYPE_COERCE", `Value "${String(id)}" is not snowflake.`);
  });
  const until = body.communication_disabled_until;
  if (until !== undefined && until !== null) {
    const at = typeof until === "string" ? Date.parse(until) : Number.NaN;
    if (Number.isNaN(at)) {
      errors.add(
        ["communication_disabled_until"],
        "DATE_TYPE_PARSE",
        `Could not parse ${String(until)}. Should be ISO8601.`,
      );
    } else if (at - now > guildRules.timeoutMs + 60_000) {
      errors.add(
        ["communication_disabled_until"],
        "BASE_TYPE_BAD_INT",
        "Timeout must be at most 28 days in the future.",
      );
    }
  }
  return errors;
}

const commandName = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const subcommand = 1;
const subcommandGroup = 2;

function checkName(errors: FormErrors, body: Record<string, unknown>, lowercase: boolean): void {
  const name = checkString(errors, body, "name", { min: 1, max: guildRules.commandName, required: true });
  if (name === undefined) return;
  // Slash commands and their options: one lower-case word; context menu commands: any text.
  if (lowercase && (!commandName.test(name) || name !== name.toLowerCase())) {
    errors.add(["name"], "APPLICATION_COMMAND_INVALID_NAME", `Command name is invalid`);
  }
}

function checkOptions(options: unknown[], errors: FormErrors, depth: number): void {
  const names = new Set<string>();
  let optionalSeen = false;
  options.forEach((option, index) => {
    const at = errors.at("options", index);
    if (!isObject(option)) {
      at.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      return;
    }
    checkName(at, option, true);
    checkString(at, option, "description", { min: 1, max: guildRules.commandDescription, required: true });
    const type = checkInteger(at, option, "type", 1, 11);
    if (typeof option.name === "string") {
      if (names.has(option.name))
        at.add(["name"], "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique");
      names.add(option.name);
    }
    const nested = type === subcommand || type === subcommandGroup;
    if (nested) {
      if (depth >= (type === subcommandGroup ? 1 : 2)) {
        at.add(["type"], "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Sub-command nesting is too deep");
      }
      const children = checkArray(at, option, "options", 0, guildRules.options) ?? [];
      checkOptions(children, at, depth + 1);
      return;
    }
    if (option.required === true && optionalSeen) {
      at.add(
        ["required"],
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        "Required options must be placed before non-required options",
      );
    }
    if (option.required !== true) optionalSeen = true;
    const choices = checkArray(at, option, "choices", 0, guildRules.choices) ?? [];
    choices.forEach((choice, choiceIndex) => {
      const c = at.at("choices", choiceIndex);
      if (!isObject(choice)) {
        c.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
        return;
      }
      checkString(c, choice, "name", { min: 1, max: 100, required: true });
      if (typeof choice.value === "string" && textLength(choice.value) > 100) {
        c.add(["value"], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.");
      }
    });
  });
  const mixed =
    options.some((o) => isObject(o) && (o.type === subcommand || o.type === subcommandGroup)) &&
    options.some((o) => isObject(o) && o.type !== subcommand && o.type !== subcommandGroup);
  if (mixed)
    errors.add(
      ["options"],
      "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
      "Sub-commands cannot be mixed with other options",
    );
}

/** `PUT /applications/{id}/commands` (and a guild's): the whole list of commands. */
export function checkCommands(body: unknown): FormErrors {
  const errors = new FormErrors();
  if (!Array.isArray(body)) {
    errors.add([], "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType");
    return errors;
  }
  const chatInput = body.filter((command) => isObject(command) && (command.type ?? 1) === 1);
  if (chatInput.length > guildRules.commands) {
    errors.add([], "BASE_TYPE_MAX_LENGTH", `Must be ${guildRules.commands} or fewer in length.`);
  }
  const names = new Set<string>();
  body.forEach((command, index) => {
    const at = errors.at(index);
    if (!isObject(command)) {
      at.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      return;
    }
    const slash = (command.type ?? 1) === 1;
    checkName(at, command, slash);
    const key = `${String(command.type ?? 1)}:${String(command.name)}`;
    if (names.has(key))
      at.add(["name"], "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique");
    names.add(key);
    if (slash)
      checkString(at, command, "description", { min: 1, max: guildRules.commandDescription, required: true });
    const options = checkArray(at, command, "options", 0, guildRules.options) ?? [];
    checkOptions(options, at, 0);
  });
  return errors;
}
