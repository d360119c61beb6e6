import { displayName } from "../../discord/people/display-name.ts";
import type { Embed, MemberInfo, Modal } from "../../discord/port/port.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { checkLength, componentLimits, type FormField } from "./model.ts";
import { componentCustomId } from "./posting.ts";
import type { StoredComponent } from "./store.ts";

/**
 * Forms (modals): the settings of their text fields as the builder reads them, the form a member
 * sees, and the answers it sends back.
 */

/** A field's settings as typed in the builder's field form (every value is text). */
export interface FieldInput {
  label: string;
  /** "short" (one line) or "paragraph"; empty means short. */
  style?: string | null;
  /** "yes" or "no"; empty means yes. */
  required?: string | null;
  /** `min-max`: "2-40", "10-" (at least 10), "-300" or "300" (at most 300); empty for no limits. */
  length?: string | null;
  /** The grey hint shown in the empty field. */
  placeholder?: string | null;
}

const lengthSyntax = /^(\d*)\s*[-–]\s*(\d*)$/;

function checkLengthNumber(text: string, what: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > componentLimits.fieldLength) {
    throw badRequest(`${what} must be a whole number from 0 to ${componentLimits.fieldLength}.`, "length");
  }
  return value;
}

/** Reads the length range of a field; a lone number is the maximum. */
export function parseLengthRange(text: string | null | undefined): {
  minLength: number | null;
  maxLength: number | null;
} {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return { minLength: null, maxLength: null };
  const range = lengthSyntax.exec(trimmed);
  const minText = range ? (range[1] ?? "") : "";
  const maxText = range ? (range[2] ?? "") : /^\d+$/.test(trimmed) ? trimmed : null;
  if (maxText === null) {
    throw badRequest(
      `"${trimmed}" isn't a length: write min-max, like 2-40, 10- (at least 10) or -300 (at most 300).`,
      "length",
    );
  }
  const minLength = minText === "" ? null : checkLengthNumber(minText, "The minimum length");
  const maxLength = maxText === "" ? null : checkLengthNumber(maxText, "The maximum length");
  if (maxLength === 0) throw badRequest("The maximum length must be at least 1.", "length");
  if (minLength !== null && maxLength !== null && minLength > maxLength) {
    throw badRequest("The minimum length can't be more than the maximum length.", "length");
  }
  return { minLength, maxLength };
}

/** The length range as the builder shows and pre-fills it (the inverse of `parseLengthRange`). */
export function formatLengthRange(field: Pick<FormField, "minLength" | "maxLength">): string {
  if (field.minLength === null && field.maxLength === null) return "";
  return `${field.minLength ?? ""}-${field.maxLength ?? ""}`;
}

/** A field's settings checked against Discord's limits; the id is the caller's to give. */
export function validateFieldSettings(input: FieldInput): Omit<FormField, "id"> {
  const label = checkLength(input.label, componentLimits.fieldLabel, "The field label", "label");
  const styleText = (input.style ?? "").trim().toLowerCase() || "short";
  if (styleText !== "short" && styleText !== "paragraph") {
    throw badRequest('The field style must be "short" (one line) or "paragraph".', "style");
  }
  const requiredText = (input.required ?? "").trim().toLowerCase() || "yes";
  if (!["yes", "no", "true", "false"].includes(requiredText)) {
    throw badRequest('"Required" must be yes or no.', "required");
  }
  const placeholder = (input.placeholder ?? "").trim();
  if (placeholder.length > componentLimits.fieldPlaceholder) {
    throw badRequest(
      `The field placeholder is ${placeholder.length} characters; Discord's limit is ${componentLimits.fieldPlaceholder}.`,
      "placeholder",
    );
  }
  return {
    label,
    style: styleText,
    required: requiredText === "yes" || requiredText === "true",
    ...parseLengthRange(input.length),
    placeholder: placeholder === "" ? null : placeholder,
  };
}

/** A new field for a form that holds `existing`: at most 5, with the next free id (`f1`, `f2`…). */
export function validateField(input: FieldInput, existing: FormField[]): FormField {
  if (existing.length >= componentLimits.fields) {
    throw badRequest(`A form holds at most ${componentLimits.fields} fields (Discord's limit).`, "fields");
  }
  const settings = validateFieldSettings(input);
  const next = existing.reduce((top, field) => Math.max(top, Number(field.id.slice(1)) || 0), 0) + 1;
  return { id: `f${next}`, ...settings };
}

/** The field with this id, or a refusal when it was removed since the builder panel was drawn. */
export function fieldOf(fields: FormField[], fieldId: string): FormField {
  const field = fields.find((candidate) => candidate.id === fieldId);
  if (!field) throw notFound("That field was removed; the panel was out of date.");
  return field;
}

/** The form of a form component, as a modal; the submission comes back as `cmp:<id>`. */
export function formModal(form: StoredComponent, test = false): Modal {
  return {
    customId: componentCustomId(form.componentId, test),
    title: form.definition.title ?? form.name.slice(0, componentLimits.formTitle),
    fields: form.definition.fields.map((field) => ({
      customId: field.id,
      label: field.label,
      style: field.style,
      required: field.required,
      ...(field.minLength !== null ? { minLength: field.minLength } : {}),
      ...(field.maxLength !== null ? { maxLength: field.maxLength } : {}),
      ...(field.placeholder !== null ? { placeholder: field.placeholder } : {}),
    })),
  };
}

/** Checks a submitted form against its fields (Discord checks too; a stale form may differ). */
export function readAnswers(
  form: StoredComponent,
  fields: Record<string, string>,
): { label: string; value: string }[] {
  return form.definition.fields.map((field) => {
    const value = (fields[field.id] ?? "").trim();
    if (field.required && value === "") throw badRequest(`"${field.label}" is required.`, field.id);
    if (value !== "" && field.minLength !== null && value.length < field.minLength) {
      throw badRequest(`"${field.label}" needs at least ${field.minLength} characters.`, field.id);
    }
    const max = field.maxLength ?? componentLimits.fieldLength;
    if (value.length > max) throw badRequest(`"${field.label}" takes at most ${max} characters.`, field.id);
    return { label: field.label, value };
  });
}

/** Discord's embed limits, for the answers embed. */
const embedLimits = { fieldValue: 1024, fields: 25, total: 6000, fieldName: 256 } as const;

/**
 * The answers as embeds of Discord's limits: an answer longer than a field holds continues in the
 * next field; each embed stays within 25 fields and 6000 characters (one embed per message).
 */
export function answerEmbeds(
  form: StoredComponent,
  member: MemberInfo,
  answers: { label: string; value: string }[],
  now: number,
): Embed[] {
  const title = `📝 ${form.definition.title ?? form.name}`;
  const author = displayName(member.user, member.nick);
  const base = (part: number): Embed => ({
    title: part === 0 ? title : `${title} (continued)`,
    description: `Submitted by <@${member.user.id}>`,
    author: { name: author.slice(0, 256) },
    color: 0xf97316,
    timestamp: new Date(now).toISOString(),
    footer: { text: `${author} · ${member.user.id}` },
    fields: [],
  });
  const size = (embed: Embed) =>
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.fields ?? []).reduce((total, field) => total + field.name.length + field.value.length, 0);
  const embeds: Embed[] = [base(0)];
  for (const answer of answers) {
    const value = answer.value === "" ? "*(no answer)*" : answer.value;
    for (let start = 0, piece = 0; start < value.length; start += embedLimits.fieldValue, piece++) {
      const name = (piece === 0 ? answer.label : `${answer.label} (cont.)`).slice(0, embedLimits.fieldName);
      const field = { name, value: value.slice(start, start + embedLimits.fieldValue) };
      let current = embeds[embeds.length - 1] as Embed;
      const fields = current.fields ?? [];
      if (
        fields.length >= embedLimits.fields ||
        size(current) + name.length + field.value.length > embedLimits.total
      ) {
        current = base(embeds.length);
        embeds.push(current);
      }
      current.fields = [...(current.fields ?? []), field];
    }
  }
  return embeds;
}
