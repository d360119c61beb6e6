import { serverCaps, validateTemplate } from "@hearth/core";
import { parseEmoji } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";

/** What a component is, as stored in `components.definition` (JSON) and checked by `validate…`. */

export const componentTypes = ["button", "select", "form"] as const;
export type ComponentType = (typeof componentTypes)[number];

export const buttonStyles = ["primary", "secondary", "success", "danger"] as const;
export type ButtonStyle = (typeof buttonStyles)[number];

export const actionKinds = [
  "give_role",
  "take_role",
  "toggle_role",
  "send_message",
  "open_form",
  "post_answers",
] as const;
export type ActionKind = (typeof actionKinds)[number];

export type RoleActionKind = "give_role" | "take_role" | "toggle_role";

export type Action =
  | { kind: RoleActionKind; roleId: string }
  /** `target`: "here" (the channel it was used in), "private" (only the member sees it) or a channel id. */
  | { kind: "send_message"; text: string; target: string }
  /** Opens the form of another component (by component_id). Always alone on its trigger. */
  | { kind: "open_form"; formId: string }
  /** Forms only: posts the answers as an embed in a channel. */
  | { kind: "post_answers"; channelId: string };

export interface SelectOption {
  label: string;
  value: string;
  description: string | null;
  emoji: string | null;
  actions: Action[];
}

export interface FormField {
  /** Stable custom id of the text field in the form (`f1`, `f2`…). */
  id: string;
  label: string;
  style: "short" | "paragraph";
  required: boolean;
  minLength: number | null;
  maxLength: number | null;
  /** The grey hint Discord shows in the empty text field (up to 100 characters). */
  placeholder: string | null;
}

export interface ComponentDefinition {
  /** Text posted above the component when it is posted in a channel (optional). */
  message: string | null;
  /** Button text; for a form, the text of the button that opens it. */
  label: string;
  emoji: string | null;
  style: ButtonStyle;
  /** Select menus: the grey text shown before a choice. */
  placeholder: string | null;
  /** Forms: the form's title. */
  title: string | null;
  /** Select menus: the choices, each with its own actions. */
  options: SelectOption[];
  /** Forms: the text fields. */
  fields: FormField[];
  /** Buttons: run on click. Forms: run on submission. (Selects use the options' actions.) */
  actions: Action[];
}

/** Discord's limits (and Hearth's own where Discord has none), checked at save time. */
export const componentLimits = {
  name: 50,
  label: 80,
  placeholder: 150,
  formTitle: 45,
  options: 25,
  optionLabel: 100,
  optionValue: 100,
  optionDescription: 100,
  fields: 5,
  fieldLabel: 45,
  fieldPlaceholder: 100,
  fieldLength: 4000,
  actionsPerTrigger: 5,
  messageText: 2000,
  perServer: serverCaps.components.max,
} as const;

export const actionLabels: Record<ActionKind, string> = {
  give_role: "Give a role",
  take_role: "Take a role",
  toggle_role: "Toggle a role",
  send_message: "Send a message",
  open_form: "Open a form",
  post_answers: "Post the form answers",
};

/** The action kinds a component type can run. */
export function actionKindsFor(type: ComponentType): ActionKind[] {
  return type === "form"
    ? ["give_role", "take_role", "toggle_role", "send_message", "post_answers"]
    : ["give_role", "take_role", "toggle_role", "send_message", "open_form"];
}

export function defaultDefinition(type: ComponentType, name: string): ComponentDefinition {
  return {
    message: null,
    label: type === "form" ? "Open form" : name.slice(0, componentLimits.label),
    emoji: null,
    style: "primary",
    placeholder: type === "select" ? "Choose an option" : null,
    title: type === "form" ? name.slice(0, componentLimits.formTitle) : null,
    options: [],
    fields: [],
    actions: [],
  };
}

export function parseDefinition(json: string): ComponentDefinition {
  const parsed = JSON.parse(json) as Partial<ComponentDefinition>;
  return {
    message: parsed.message ?? null,
    label: parsed.label ?? "",
    emoji: parsed.emoji ?? null,
    style: parsed.style ?? "primary",
    placeholder: parsed.placeholder ?? null,
    title: parsed.title ?? null,
    options: parsed.options ?? [],
    fields: parsed.fields ?? [],
    actions: parsed.actions ?? [],
  };
}

/** A trimmed text of `min`–`max` characters, or a refusal naming the limit. */
export function checkLength(value: string, max: number, what: string, field: string, min = 1): string {
  const trimmed = value.trim();
  if (trimmed.length < min) throw badRequest(`${what} can't be empty.`, field);
  if (trimmed.length > max)
    throw badRequest(`${what} is ${trimmed.length} characters; the limit is ${max}.`, field);
  return trimmed;
}

export function validateName(name: string): string {
  return checkLength(name, componentLimits.name, "The component name", "name");
}

/** An emoji as typed (unicode or a custom emoji's markup), or null when left empty. */
export function validateEmoji(text: string | null | undefined): string | null {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return null;
  if (!parseEmoji(trimmed)) {
    throw badRequest(
      `"${trimmed}" isn't an emoji: use one emoji like 👋, or a custom one like <:name:id>.`,
      "emoji",
    );
  }
  return trimmed;
}

export function validateStyle(text: string | null | undefined): ButtonStyle {
  const style = (text ?? "").trim().toLowerCase() || "primary";
  if (!(buttonStyles as readonly string[]).includes(style)) {
    throw badRequest(`The button style must be one of ${buttonStyles.join(", ")}.`, "style");
  }
  return style as ButtonStyle;
}

/** Message texts may use the template language's tags; unknown tags are refused at save time. */
export function validateMessageText(text: string, field = "text"): string {
  const trimmed = checkLength(text, componentLimits.messageText, "The message", field);
  const problems = validateTemplate(trimmed);
  const first = problems[0];
  if (first) {
    const hint = first.suggestion ? ` Did you mean ${first.suggestion}?` : "";
    throw badRequest(`${first.tag} isn't a tag the message language knows.${hint}`, field);
  }
  return trimmed;
}

/** The text posted above a component: plain text (no member to fill tags in), Discord's 2000. */
export function validatePostedText(text: string): string {
  return checkLength(text, componentLimits.messageText, "The message", "message");
}

export function validateLabel(text: string): string {
  return checkLength(text, componentLimits.label, "The label", "label");
}

export function validatePlaceholder(text: string | null | undefined): string | null {
  const trimmed = (text ?? "").trim();
  return trimmed === ""
    ? null
    : checkLength(trimmed, componentLimits.placeholder, "The placeholder", "placeholder");
}

export function validateFormTitle(text: string): string {
  return checkLength(text, componentLimits.formTitle, "The form title", "title");
}

export function validateOption(
  input: { label: string; value?: string | null; description?: string | null; emoji?: string | null },
  existing: SelectOption[],
): SelectOption {
  if (existing.length >= componentLimits.options) {
    throw badRequest(`A select menu holds at most ${componentLimits.options} options.`, "options");
  }
  const label = checkLength(input.label, componentLimits.optionLabel, "The option label", "label");
  const rawValue = (input.value ?? "").trim() || label.toLowerCase().replace(/\s+/g, "-");
  const value = checkLength(rawValue, componentLimits.optionValue, "The option value", "value");
  if (existing.some((option) => option.value === value)) {
    throw badRequest(`This menu already has an option with the value "${value}".`, "value");
  }
  const description = (input.description ?? "").trim();
  return {
    label,
    value,
    description:
      description === ""
        ? null
        : checkLength(
            description,
            componentLimits.optionDescription,
            "The option description",
            "description",
          ),
    emoji: validateEmoji(input.emoji),
    actions: [],
  };
}

/** Where a trigger's actions live: the component's own list, or a select option's. */
export function triggerActions(definition: ComponentDefinition, optionValue: string | null): Action[] {
  if (optionValue === null) return definition.actions;
  const option = definition.options.find((candidate) => candidate.value === optionValue);
  if (!option) throw badRequest(`This menu has no option with the value "${optionValue}".`, "option");
  return option.actions;
}

/** Checks that one more action fits on its trigger (≤ 5, and "open a form" always alone). */
export function checkActionFits(actions: Action[], action: Action): void {
  if (actions.length >= componentLimits.actionsPerTrigger) {
    throw badRequest(
      `A trigger runs at most ${componentLimits.actionsPerTrigger} actions; remove one first.`,
      "actions",
    );
  }
  if (action.kind === "open_form" && actions.length > 0) {
    throw badRequest(
      "Opening a form must be the only action of its trigger: Discord shows the form as the answer, so nothing else could report back. Remove the other actions first.",
      "actions",
    );
  }
  if (actions.some((existing) => existing.kind === "open_form")) {
    throw badRequest(
      "This trigger opens a form, which must be its only action; remove that action first.",
      "actions",
    );
  }
}

/** What is missing before a component can be posted or used, or null when it is complete. */
export function incompleteReason(type: ComponentType, definition: ComponentDefinition): string | null {
  if (type === "select" && definition.options.length === 0) return "Add at least one option to the menu.";
  if (type === "form" && definition.fields.length === 0) return "Add at least one field to the form.";
  const hasAction =
    type === "select"
      ? definition.options.some((option) => option.actions.length > 0)
      : definition.actions.length > 0;
  if (!hasAction) return "Add at least one action, so using it does something.";
  return null;
}
