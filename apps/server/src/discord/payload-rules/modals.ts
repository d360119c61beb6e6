import { checkEmoji } from "./components.ts";
import { checkArray, checkBoolean, checkInteger, checkString, type FormErrors, isObject } from "./shared.ts";

// Forms (modals): a title, a custom id and 1 to 5 rows, each one text input (in an action row or,
// the newer way, in a label component).

export const modalRules = {
  title: 45,
  rows: 5,
  customId: 100,
  label: 45,
  labelDescription: 100,
  inputLength: 4000,
  placeholder: 100,
} as const;

const actionRow = 1;
const stringSelect = 3;
const textInput = 4;
const label = 18;
const textDisplay = 10;

function checkTextInput(
  input: Record<string, unknown>,
  errors: FormErrors,
  seen: Set<string>,
  options: { labelled: boolean },
): void {
  const id = checkString(errors, input, "custom_id", { min: 1, max: modalRules.customId, required: true });
  if (id !== undefined) {
    if (seen.has(id))
      errors.add(["custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated");
    seen.add(id);
  }
  checkInteger(errors, input, "style", 1, 2);
  if (input.style === undefined) errors.add(["style"], "BASE_TYPE_REQUIRED", "This field is required");
  if (options.labelled) {
    if (input.label !== undefined)
      errors.add(
        ["label"],
        "COMPONENT_INVALID_FIELD",
        "A text input inside a label has no label of its own.",
      );
  } else {
    checkString(errors, input, "label", { min: 1, max: modalRules.label, required: true });
  }
  const min = checkInteger(errors, input, "min_length", 0, modalRules.inputLength);
  const max = checkInteger(errors, input, "max_length", 1, modalRules.inputLength);
  if (min !== undefined && max !== undefined && min > max) {
    errors.add(
      ["min_length"],
      "TEXT_INPUT_MIN_LENGTH_GREATER_THAN_MAX",
      "min_length must be less than or equal to max_length.",
    );
  }
  checkBoolean(errors, input, "required");
  const value = checkString(errors, input, "value", { max: modalRules.inputLength });
  if (value !== undefined && max !== undefined && [...value].length > max) {
    errors.add(["value"], "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
  }
  checkString(errors, input, "placeholder", { max: modalRules.placeholder });
}

function checkRow(row: Record<string, unknown>, errors: FormErrors, seen: Set<string>): void {
  if (row.type === actionRow) {
    const children = checkArray(errors, row, "components", 1, 1) ?? [];
    const input = children[0];
    if (children.length === 1 && (!isObject(input) || input.type !== textInput)) {
      errors.add(
        ["components", 0, "type"],
        "UNION_TYPE_CHOICES",
        'Value of field "type" must be one of (4).',
      );
    } else if (isObject(input)) {
      checkTextInput(input, errors.at("components", 0), seen, { labelled: false });
    }
    return;
  }
  if (row.type === label) {
    checkString(errors, row, "label", { min: 1, max: modalRules.label, required: true });
    checkString(errors, row, "description", { max: modalRules.labelDescription });
    const child = row.component;
    if (!isObject(child)) {
      errors.add(["component"], "BASE_TYPE_REQUIRED", "This field is required");
    } else if (child.type === textInput) {
      checkTextInput(child, errors.at("component"), seen, { labelled: true });
    } else if (child.type === stringSelect) {
      checkString(errors.at("component"), child, "custom_id", {
        min: 1,
        max: modalRules.customId,
        required: true,
      });
      const options = checkArray(errors.at("component"), child, "options", 1, 25) ?? [];
      options.forEach((option, index) => {
        if (isObject(option)) checkEmoji(option.emoji, errors.at("component", "options", index, "emoji"));
      });
    } else if (![5, 6, 7, 8, 19].includes(child.type as number)) {
      errors.add(
        ["component", "type"],
        "UNION_TYPE_CHOICES",
        'Value of field "type" must be one of (3, 4, 5, 6, 7, 8, 19).',
      );
    }
    return;
  }
  if (row.type === textDisplay) {
    checkString(errors, row, "content", { min: 1, max: 4000, required: true });
    return;
  }
  errors.add(["type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1, 10, 18).');
}

/** The `data` of an interaction callback of type 9. */
export function checkModal(data: Record<string, unknown>, errors: FormErrors): void {
  checkString(errors, data, "custom_id", { min: 1, max: modalRules.customId, required: true });
  checkString(errors, data, "title", { min: 1, max: modalRules.title, required: true });
  const rows = checkArray(errors, data, "components", 1, modalRules.rows) ?? [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const at = errors.at("components", index);
    if (!isObject(row)) at.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    else checkRow(row, at, seen);
  });
}
