import type {
  MessageComponentAction,
  MessageComponentCreateBody,
  MessageComponentDefinitionInput,
  MessageComponentItem,
} from "@hearth/core";

/** The page's editable copy of a component (buttons and select menus; forms are built in Discord). */

export type EditableType = "button" | "select";
export type ActionDraft = MessageComponentAction & { key: string };

export interface OptionDraft {
  key: string;
  label: string;
  description: string;
  emoji: string;
  actions: ActionDraft[];
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
  options: OptionDraft[];
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
  options: [],
  actions: [],
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
    type: component.type === "select" ? "select" : "button",
    name: component.name,
    message: definition.message ?? "",
    label: definition.label,
    emoji: definition.emoji ?? "",
    style: definition.style,
    placeholder: definition.placeholder ?? "",
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
  return {
    message,
    label: draft.label,
    emoji: draft.emoji || null,
    style: draft.style,
    actions: bare(draft.actions),
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
