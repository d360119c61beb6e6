import { checkMessageBody } from "./messages.ts";
import { checkModal } from "./modals.ts";
import { type Check, FormErrors, type FormErrorTree, isObject } from "./shared.ts";

// What Discord refuses with 400 "Invalid Form Body" (code 50035), checked on the JSON bodies the bot
// sends (Discord's own shapes, as in discord-api-types), one rule per documented limit. The Discord
// stand-in answers with these errors, and the sandbox adapter refuses the same bodies, so a payload
// Discord would refuse fails in tests and in the sandbox instead of in production.
//
// Lengths are counted in code points, as Discord counts them.

/** Discord's answer to a body it refuses. */
export interface InvalidFormBody {
  code: 50035;
  message: "Invalid Form Body";
  errors: FormErrorTree;
}

/** The problems as Discord's answer, or null when there are none. */
export function invalidFormBody(errors: FormErrors): InvalidFormBody | null {
  return errors.empty ? null : { code: 50035, message: "Invalid Form Body", errors: errors.tree() };
}

/** What each kind of interaction may be answered with (Discord's interaction callback types). */
const callbackTypesFor: Record<number, readonly number[]> = {
  // application command
  2: [4, 5, 9, 12],
  // message component
  3: [4, 5, 6, 7, 9],
  // autocomplete
  4: [8],
  // modal submit (6 and 7 only when the form was opened from a message's component)
  5: [4, 5, 6, 7],
};

/**
 * An interaction callback (`POST /interactions/{id}/{token}/callback`). `interactionType` is the
 * interaction's own type (2 command, 3 component, 4 autocomplete, 5 form); `fromMessage` whether a
 * form submission came from a message's component (which is what allows it to update that message).
 */
export function checkInteractionCallback(
  body: unknown,
  interaction: { type: number; fromMessage: boolean },
): FormErrors {
  const errors = new FormErrors();
  if (!isObject(body)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return errors;
  }
  const type = body.type;
  const allowed = callbackTypesFor[interaction.type] ?? [];
  const updatable = interaction.type !== 5 || interaction.fromMessage;
  if (typeof type !== "number" || ![1, 4, 5, 6, 7, 8, 9, 10, 12].includes(type)) {
    errors.add(["type"], "BASE_TYPE_CHOICES", `Value must be one of (1, 4, 5, 6, 7, 8, 9, 10, 12).`);
    return errors;
  }
  if (!allowed.includes(type) || ((type === 6 || type === 7) && !updatable)) {
    errors.add(
      ["type"],
      "INTERACTION_RESPONSE_TYPE_INVALID",
      "Interaction response type is not valid for this interaction.",
    );
    return errors;
  }
  const data = body.data;
  const at = (check: Check) => check(errors.at("data"));
  if (type === 4 || type === 7) {
    if (!isObject(data)) {
      if (type === 4) errors.add(["data"], "BASE_TYPE_REQUIRED", "This field is required");
      return errors;
    }
    at((e) => checkMessageBody(data, e, { ephemeralAllowed: true, requireContent: type === 4 }));
  } else if (type === 5 || type === 6) {
    if (data !== undefined && data !== null && !isObject(data)) {
      errors.add(["data"], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    } else if (isObject(data) && data.flags !== undefined && !isFlags(data.flags, 64 | 4096)) {
      errors.add(["data", "flags"], "MESSAGE_FLAGS_INVALID", "Invalid message flags.");
    }
  } else if (type === 8) {
    const choices = isObject(data) ? data.choices : undefined;
    if (!Array.isArray(choices) || choices.length > 25) {
      errors.add(["data", "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
    }
  } else if (type === 9) {
    if (!isObject(data)) errors.add(["data"], "BASE_TYPE_REQUIRED", "This field is required");
    else at((e) => checkModal(data, e));
  }
  return errors;
}

function isFlags(value: unknown, allowed: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && (value & ~allowed) === 0;
}

/** A message sent to a channel or by an interaction webhook (create or follow-up). */
export function checkNewMessage(body: unknown, options: { ephemeralAllowed?: boolean } = {}): FormErrors {
  const errors = new FormErrors();
  checkMessageBody(body, errors, {
    ephemeralAllowed: options.ephemeralAllowed ?? false,
    requireContent: true,
  });
  return errors;
}

/** An edit of a message (channel message or interaction response): every part optional. */
export function checkMessageEdit(body: unknown): FormErrors {
  const errors = new FormErrors();
  checkMessageBody(body, errors, { ephemeralAllowed: false, requireContent: false });
  return errors;
}

/** Discord's rules as one sentence per problem, for logs and thrown errors. */
export function describeFormErrors(errors: FormErrors): string {
  return errors.list().join("; ");
}
