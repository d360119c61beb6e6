import { isButtonEmoji } from "@hearth/core";
import {
  checkArray,
  checkBoolean,
  checkInteger,
  checkString,
  checkUrl,
  type FormErrors,
  isObject,
  isSnowflake,
} from "./shared.ts";

// Message components: action rows of up to five buttons or one select menu; every custom id
// unique in the message; link buttons carry a url and no custom id, the others a custom id.

export const componentRules = {
  rows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  optionLabel: 100,
  optionValue: 100,
  optionDescription: 100,
  placeholder: 150,
} as const;

const actionRow = 1;
const button = 2;
const stringSelect = 3;
const textInput = 4;
/** User, role, mentionable and channel selects. */
const autoSelects = new Set([5, 6, 7, 8]);
const linkStyle = 5;
const premiumStyle = 6;
/** Components v2 layout types (section, text, thumbnail, gallery, file, separator, container). */
const layoutTypes = new Set([9, 10, 11, 12, 13, 14, 17]);

const isSelect = (type: unknown) => type === stringSelect || autoSelects.has(type as number);

/** An emoji object of a button or option: a custom one by id, or one unicode emoji by name. */
export function checkEmoji(value: unknown, errors: FormErrors): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return;
  }
  if (value.id !== undefined && value.id !== null) {
    if (!isSnowflake(value.id))
      errors.add(["id"], "NUMBER_TYPE_COERCE", `Value "${String(value.id)}" is not snowflake.`);
    return;
  }
  if (typeof value.name !== "string" || !isButtonEmoji(value.name)) {
    errors.add(["name"], "COMPONENT_INVALID_EMOJI", "Invalid emoji");
  }
}

function checkCustomId(component: Record<string, unknown>, errors: FormErrors, seen: Set<string>): void {
  const id = checkString(errors, component, "custom_id", {
    min: 1,
    max: componentRules.customId,
    required: true,
  });
  if (id === undefined) return;
  if (seen.has(id))
    errors.add(["custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated");
  seen.add(id);
}

function checkButton(component: Record<string, unknown>, errors: FormErrors, seen: Set<string>): void {
  const style = checkInteger(errors, component, "style", 1, 6);
  if (component.style === undefined) errors.add(["style"], "BASE_TYPE_REQUIRED", "This field is required");
  checkString(errors, component, "label", { max: componentRules.buttonLabel });
  checkEmoji(component.emoji, errors.at("emoji"));
  checkBoolean(errors, component, "disabled");
  if (style === linkStyle) {
    checkUrl(errors, component, "url", { schemes: ["http", "https", "discord"], required: true });
    if (component.custom_id !== undefined && component.custom_id !== null) {
      errors.add(
        ["custom_id"],
        "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
        "A link button cannot have a custom id.",
      );
    }
  } else if (style === premiumStyle) {
    if (!isSnowflake(component.sku_id))
      errors.add(["sku_id"], "BASE_TYPE_REQUIRED", "This field is required");
  } else if (style !== undefined) {
    checkCustomId(component, errors, seen);
    if (component.url !== undefined && component.url !== null) {
      errors.add(["url"], "BUTTON_COMPONENT_URL_NOT_ALLOWED", "Only link buttons can have a url.");
    }
  }
  const label = typeof component.label === "string" ? component.label : "";
  if (style !== premiumStyle && label === "" && !isObject(component.emoji)) {
    errors.add([], "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A button must have a label or an emoji.");
  }
}

function checkSelect(component: Record<string, unknown>, errors: FormErrors, seen: Set<string>): void {
  checkCustomId(component, errors, seen);
  checkString(errors, component, "placeholder", { max: componentRules.placeholder });
  const min = checkInteger(errors, component, "min_values", 0, 25);
  const max = checkInteger(errors, component, "max_values", 1, 25);
  checkBoolean(errors, component, "disabled");
  if (min !== undefined && max !== undefined && min > max) {
    errors.add(
      ["min_values"],
      "SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX",
      "min_values must be less than or equal to max_values.",
    );
  }
  if (component.type !== stringSelect) {
    checkArray(errors, component, "default_values", 0, 25);
    if (component.options !== undefined)
      errors.add(["options"], "COMPONENT_INVALID_FIELD", "Only string selects have options.");
    return;
  }
  const options = checkArray(errors, component, "options", 1, componentRules.selectOptions) ?? [];
  if ((max ?? 1) > options.length && options.length > 0) {
    errors.add(
      ["max_values"],
      "NUMBER_TYPE_MAX",
      `int value should be less than or equal to ${options.length}.`,
    );
  }
  if ((min ?? 1) > options.length && options.length > 0) {
    errors.add(
      ["min_values"],
      "NUMBER_TYPE_MAX",
      `int value should be less than or equal to ${options.length}.`,
    );
  }
  const values = new Set<string>();
  let defaults = 0;
  options.forEach((option, index) => {
    const at = errors.at("options", index);
    if (!isObject(option)) {
      at.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      return;
    }
    checkString(at, option, "label", { min: 1, max: componentRules.optionLabel, required: true });
    const value = checkString(at, option, "value", {
      min: 1,
      max: componentRules.optionValue,
      required: true,
    });
    checkString(at, option, "description", { max: componentRules.optionDescription });
    checkEmoji(option.emoji, at.at("emoji"));
    checkBoolean(at, option, "default");
    if (option.default === true) defaults += 1;
    if (value !== undefined) {
      if (values.has(value))
        at.add(
          ["value"],
          "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
          "Select component option values must be unique.",
        );
      values.add(value);
    }
  });
  if (defaults > (max ?? 1)) {
    errors.add(
      ["options"],
      "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES",
      "The number of default options exceeds max_values.",
    );
  }
}

function checkInRow(component: unknown, errors: FormErrors, seen: Set<string>): void {
  if (!isObject(component)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return;
  }
  if (component.type === button) checkButton(component, errors, seen);
  else if (isSelect(component.type)) checkSelect(component, errors, seen);
  else if (component.type === textInput) {
    errors.add(["type"], "COMPONENT_TYPE_INVALID", "Text inputs can only be used in modals.");
  } else
    errors.add(["type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).');
}

/** One action row: 1 to 5 buttons, or exactly one select menu. */
function checkRow(row: Record<string, unknown>, errors: FormErrors, seen: Set<string>): void {
  const children = checkArray(errors, row, "components", 1, componentRules.buttonsPerRow) ?? [];
  const selects = children.filter((child) => isObject(child) && isSelect(child.type)).length;
  if (selects > 0 && children.length > 1) {
    errors.add(
      ["components"],
      "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
      "The specified component exceeds the maximum width",
    );
  }
  children.forEach((child, index) => {
    checkInRow(child, errors.at("components", index), seen);
  });
}

/** A message's `components`: action rows (or, with the components v2 flag, layout components too). */
export function checkMessageComponents(
  components: unknown[],
  errors: FormErrors,
  options: { v2: boolean },
): void {
  const seen = new Set<string>();
  components.forEach((component, index) => {
    const at = errors.at(index);
    if (!isObject(component)) {
      at.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      return;
    }
    if (component.type === actionRow) checkRow(component, at, seen);
    else if (options.v2 && layoutTypes.has(component.type as number)) {
      const nested = Array.isArray(component.components) ? component.components : [];
      nested.forEach((child, childIndex) => {
        if (isObject(child) && child.type === actionRow)
          checkRow(child, at.at("components", childIndex), seen);
      });
      if (isObject(component.accessory)) checkInRow(component.accessory, at.at("accessory"), seen);
    } else {
      at.add(["type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1).');
    }
  });
}
