import type { Modal, TextInput } from "../../discord/port/port.ts";
import { badRequest } from "../../lib/errors.ts";
import { editorId } from "./editor-panel.ts";
import { fieldOf, formatLengthRange } from "./forms.ts";
import { type ActionKind, actionLabels, componentLimits, type FormField } from "./model.ts";
import type { StoredComponent } from "./service.ts";

/** The forms (modals) the builder's steps open. Discord shows at most five inputs per form. */

const input = (customId: string, label: string, options: Partial<TextInput> = {}): TextInput => ({
  customId,
  label,
  style: "short",
  required: false,
  ...options,
});

/** The form of a builder step; `fieldId` names the form field being edited. */
export function editorModal(
  component: StoredComponent,
  step: string,
  kind?: ActionKind,
  fieldId?: string,
): Modal {
  const id = component.componentId;
  const { definition } = component;
  if (step === "look") {
    const fields: TextInput[] =
      component.type === "select"
        ? [
            input("placeholder", "Placeholder", {
              maxLength: componentLimits.placeholder,
              value: definition.placeholder ?? "",
            }),
          ]
        : [
            input("label", component.type === "form" ? "Text of the button that opens it" : "Button label", {
              required: true,
              maxLength: componentLimits.label,
              value: definition.label,
            }),
            input("emoji", "Emoji (optional)", { value: definition.emoji ?? "" }),
            input("style", "Style: primary, secondary, success or danger", { value: definition.style }),
          ];
    if (component.type === "form") {
      fields.push(
        input("title", "Form title", {
          required: true,
          maxLength: componentLimits.formTitle,
          value: definition.title ?? "",
        }),
      );
    }
    fields.push(
      input("message", "Message posted above it (optional)", {
        style: "paragraph",
        maxLength: componentLimits.messageText,
        value: definition.message ?? "",
      }),
    );
    return { customId: editorId("look", id), title: "Appearance", fields };
  }
  if (step === "option") {
    return {
      customId: editorId("option", id),
      title: "Add an option",
      fields: [
        input("label", "Label", { required: true, maxLength: componentLimits.optionLabel }),
        input("value", "Value (optional, defaults to the label)", { maxLength: componentLimits.optionValue }),
        input("description", "Description (optional)", { maxLength: componentLimits.optionDescription }),
        input("emoji", "Emoji (optional)"),
      ],
    };
  }
  if (step === "field") {
    return fieldModal(component, fieldId !== undefined ? fieldOf(definition.fields, fieldId) : null);
  }
  if (step === "post") {
    return {
      customId: editorId("post", id),
      title: "Post it in a channel",
      fields: [input("channel", "Channel (#name, mention or ID)", { required: true })],
    };
  }
  if (step === "act" && kind) {
    const fields: TextInput[] = [];
    if (component.type === "select") {
      fields.push(input("option", "Which option runs it (value or label)", { required: true }));
    }
    if (kind === "give_role" || kind === "take_role" || kind === "toggle_role") {
      fields.push(input("role", "Role (name, @mention or ID)", { required: true }));
    } else if (kind === "send_message") {
      fields.push(
        input("text", "Message (tags like {user.mention} work)", {
          style: "paragraph",
          required: true,
          maxLength: componentLimits.messageText,
        }),
        input("target", "Where: here, private, or a #channel", { value: "here" }),
      );
    } else if (kind === "open_form") {
      fields.push(input("form", "Form component (name or ID)", { required: true }));
    } else if (kind === "post_answers") {
      fields.push(input("channel", "Channel for the answers (#name or ID)", { required: true }));
    }
    return { customId: editorId("act", id, kind), title: actionLabels[kind], fields };
  }
  throw badRequest("Unknown builder step.");
}

/**
 * Adding or editing a form field. Five inputs is all a form holds, so the minimum and maximum
 * length share one (`min-max`); editing pre-fills the field's settings and keeps its id.
 */
function fieldModal(component: StoredComponent, field: FormField | null): Modal {
  return {
    customId: editorId("field", component.componentId, field?.id),
    title: field ? `Edit field: ${field.label}`.slice(0, componentLimits.formTitle) : "Add a field",
    fields: [
      input("label", "Label", {
        required: true,
        maxLength: componentLimits.fieldLabel,
        ...(field ? { value: field.label } : {}),
      }),
      input("placeholder", "Placeholder: grey hint text (optional)", {
        maxLength: componentLimits.fieldPlaceholder,
        value: field?.placeholder ?? "",
      }),
      input("style", "short (one line) or paragraph", { value: field?.style ?? "short" }),
      input("required", "Required? yes or no", { value: field && !field.required ? "no" : "yes" }),
      input("length", "Length: min-max, e.g. 2-40, 10-, -300", {
        value: field ? formatLengthRange(field) : "",
      }),
    ],
  };
}
