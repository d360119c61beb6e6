import type {
  MessageComponentAction,
  MessageComponentCreateBody,
  MessageComponentDefinitionInput,
  MessageComponentItem,
} from "@hearth/core";

/** The page's editable copy of a component: a button, a select menu or a form. */

export type EditableType = "button" | "select" | "form";
export type ActionDraft = MessageComponentAction & { key: string };

export interface OptionDraft {
  key: string;
  label: string;
  description: string;
  emoji: string;
  actions: ActionDraft[];
}

export interface FieldDraft {
  key: string;
  /** The saved field's id, kept on an edit (undefined for a new field). */
  id?: string;
  label: string;
  style: "short" | "paragraph";
  required: boolean;
  minLength: string;
  maxLength: string;
  placeholder: string;
}

export interface ComponentDraft {
  componentId: string | null;
  type: EditableType;
  name: string;
  message: string;
  label: string;
  emoji: string;
  style: "primary" | "secondary" | "success" | "danger";
  placeholder: string;
  /** Forms: the form's title. */
  title: string;
  options: OptionDraft[];
  fields: FieldDraft[];
  actions: ActionDraft[];
}

let counter = 0;
export const newKey = () => `k${++counter}`;

export const emptyDraft = (type: EditableType = "button"): ComponentDraft => ({
  componentId: null,
  type,
  name: "",
  message: "",
  label: "",
  emoji: "",
  style: "primary",
  placeholder: type === "select" ? "Choose an option" : "",
  title: "",
  options: [],
  fields: [],
  actions: [],
});

export const newField = (): FieldDraft => ({
  key: newKey(),
  label: "",
  style: "short",
  required: true,
  minLength: "",
  maxLength: "",
  placeholder: "",
});

export const newOption = (): OptionDraft => ({
  key: newKey(),
  label: "",
  description: "",
  emoji: "",
  actions: [],
});

const withKeys = (actions: MessageComponentAction[]): ActionDraft[] =>
  actions.map((action) => ({ ...action, key: newKey() }));

export function draftOf(component: MessageComponentItem): ComponentDraft {
  const { definition } = component;
  return {
    componentId: component.componentId,
    type: component.type,
    name: component.name,
    message: definition.message ?? "",
    label: definition.label,
    emoji: definition.emoji ?? "",
    style: definition.style,
    placeholder: definition.placeholder ?? "",
    title: definition.title ?? "",
    fields: definition.fields.map((field) => ({
      key: newKey(),
      id: field.id,
      label: field.label,
      style: field.style,
      required: field.required,
      minLength: field.minLength === null ? "" : String(field.minLength),
      maxLength: field.maxLength === null ? "" : String(field.maxLength),
      placeholder: field.placeholder ?? "",
    })),
    options: definition.options.map((option) => ({
      key: newKey(),
      label: option.label,
      description: option.description ?? "",
      emoji: option.emoji ?? "",
      actions: withKeys(option.actions),
    })),
    actions: withKeys(definition.actions),
  };
}

const bare = (actions: ActionDraft[]): MessageComponentAction[] =>
  actions.map(({ key: _key, ...action }) => action);

export function definitionOf(draft: ComponentDraft): MessageComponentDefinitionInput {
  const message = draft.message.trim() || null;
  if (draft.type === "select") {
    return {
      message,
      placeholder: draft.placeholder,
      options: draft.options.map((option) => ({
        label: option.label,
        description: option.description || null,
        emoji: option.emoji || null,
        actions: bare(option.actions),
      })),
    };
  }
  const look = {
    message,
    label: draft.label,
    emoji: draft.emoji || null,
    style: draft.style,
    actions: bare(draft.actions),
  };
  if (draft.type === "button") return look;
  const length = (text: string) => (text.trim() === "" ? null : Number(text));
  return {
    ...look,
    title: draft.title,
    fields: draft.fields.map((field) => ({
      ...(field.id ? { id: field.id } : {}),
      label: field.label,
      style: field.style,
      required: field.required,
      minLength: length(field.minLength),
      maxLength: length(field.maxLength),
      placeholder: field.placeholder || null,
    })),
  };
}

export function bodyOf(draft: ComponentDraft): MessageComponentCreateBody & {
  componentId: string | null;
  definition: MessageComponentDefinitionInput;
} {
  return {
    componentId: draft.componentId,
    type: draft.type,
    name: draft.name.trim(),
    definition: definitionOf(draft),
  };
}
