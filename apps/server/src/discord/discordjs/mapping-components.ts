import { ButtonStyle, ComponentType, TextInputStyle } from "discord.js";
import type { Button, Modal, SelectMenu } from "../port/port.ts";
import { defined } from "./mapping-embeds.ts";
import { type ApiEmoji, emojiBody, emojiText } from "./mapping-emojis.ts";

// Buttons, string menus and forms, read from a message and written to one.

/** A component as REST answers it: an action row, a button or a string menu (others are skipped). */
export interface ApiComponent {
  type: number;
  style?: number;
  label?: string;
  emoji?: Partial<ApiEmoji>;
  custom_id?: string;
  url?: string;
  disabled?: boolean;
  placeholder?: string;
  min_values?: number;
  max_values?: number;
  options?: {
    label: string;
    value: string;
    description?: string;
    emoji?: Partial<ApiEmoji>;
    default?: boolean;
  }[];
  components?: ApiComponent[];
}

function componentFromApi(component: ApiComponent): Button | SelectMenu | null {
  if (component.type === ComponentType.Button) {
    const style = buttonStyleNames.get(component.style ?? 0);
    if (!style) return null;
    return defined({
      type: "button" as const,
      style,
      label: component.label,
      emoji: emojiText(component.emoji),
      customId: component.custom_id,
      url: component.url,
      disabled: component.disabled,
    });
  }
  if (component.type !== ComponentType.StringSelect || component.custom_id === undefined) return null;
  return defined({
    type: "select" as const,
    customId: component.custom_id,
    placeholder: component.placeholder,
    minValues: component.min_values,
    maxValues: component.max_values,
    disabled: component.disabled,
    options: (component.options ?? []).map((option) =>
      defined({
        label: option.label,
        value: option.value,
        description: option.description,
        emoji: emojiText(option.emoji),
        default: option.default,
      }),
    ),
  });
}

/** A message's action rows as the port's rows; kinds the port can't send are left out. */
export function componentsFromApi(rows: readonly ApiComponent[]): (Button | SelectMenu)[][] {
  return rows
    .filter((row) => row.type === ComponentType.ActionRow)
    .map((row) => (row.components ?? []).flatMap((component) => componentFromApi(component) ?? []))
    .filter((row) => row.length > 0);
}

const buttonStyles: Record<Button["style"], ButtonStyle> = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
  link: ButtonStyle.Link,
};
const buttonStyleNames = new Map(
  Object.entries(buttonStyles).map(([name, style]) => [style as number, name as Button["style"]]),
);

export function componentBody(component: Button | SelectMenu) {
  if (component.type === "select") {
    return {
      type: ComponentType.StringSelect,
      custom_id: component.customId,
      placeholder: component.placeholder,
      min_values: component.minValues,
      max_values: component.maxValues,
      disabled: component.disabled,
      options: component.options.map((option) => ({
        label: option.label,
        value: option.value,
        description: option.description,
        emoji: option.emoji === undefined ? undefined : emojiBody(option.emoji),
        default: option.default,
      })),
    };
  }
  return {
    type: ComponentType.Button,
    style: buttonStyles[component.style],
    label: component.label,
    emoji: component.emoji === undefined ? undefined : emojiBody(component.emoji),
    custom_id: component.style === "link" ? undefined : component.customId,
    url: component.style === "link" ? component.url : undefined,
    disabled: component.disabled,
  };
}

/** A form for the interaction callback of type 9: one action row per text field. */
export function modalBody(modal: Modal) {
  return {
    custom_id: modal.customId,
    title: modal.title,
    components: modal.fields.map((field) => ({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.TextInput,
          custom_id: field.customId,
          label: field.label,
          style: field.style === "paragraph" ? TextInputStyle.Paragraph : TextInputStyle.Short,
          required: field.required,
          min_length: field.minLength,
          max_length: field.maxLength,
          placeholder: field.placeholder,
          value: field.value,
        },
      ],
    })),
  };
}
