import { createHash } from "node:crypto";
import type { Button, Embed, OutgoingMessage, SelectMenu } from "../../discord/port/port.ts";
import { describeAction } from "./actions.ts";
import { actionKindsFor, actionLabels, componentLimits, incompleteReason } from "./model.ts";
import type { StoredComponent } from "./service.ts";

/**
 * The builder's panel: a private message (embed + buttons + menus) that `/components create` and
 * `edit` open. Custom ids: `cmpe:<step>:<component_id>[:<extra>]`, where extra is an action kind,
 * a field id or a page number.
 */
export const editorPrefix = "cmpe:";

export const editorId = (step: string, componentId: string, extra?: string) =>
  `${editorPrefix}${step}:${componentId}${extra ? `:${extra}` : ""}`;

export function parseEditorId(
  customId: string,
): { step: string; componentId: string; extra: string | null } | null {
  const match = /^cmpe:([a-z]+):([a-z0-9]+)(?::([a-z0-9_]+))?$/.exec(customId);
  if (!match) return null;
  return { step: match[1] ?? "", componentId: match[2] ?? "", extra: match[3] ?? null };
}

const typeLabel = { button: "Button", select: "Select menu", form: "Form" } as const;

function summaryEmbed(component: StoredComponent, notice: string | null): Embed {
  const { definition } = component;
  const fields: Embed["fields"] = [];
  if (component.type === "select") {
    fields.push({
      name: `Options (${definition.options.length}/${componentLimits.options})`,
      value:
        definition.options
          .map((option, index) => {
            const actions = option.actions.map((action) => `   ↳ ${describeAction(action)}`).join("\n");
            return `**${index + 1}. ${option.emoji ? `${option.emoji} ` : ""}${option.label}** (\`${option.value}\`)${actions ? `\n${actions}` : ""}`;
          })
          .join("\n")
          .slice(0, 1024) || "None yet: **Add option**.",
    });
  } else {
    if (component.type === "form") {
      fields.push({
        name: `Fields (${definition.fields.length}/${componentLimits.fields})`,
        value:
          definition.fields
            .map(
              (field, index) =>
                `${index + 1}. **${field.label}** · ${field.style}${field.required ? " · required" : ""}${field.minLength !== null ? ` · min ${field.minLength}` : ""}${field.maxLength !== null ? ` · max ${field.maxLength}` : ""}${field.placeholder !== null ? ` · hint “${field.placeholder}”` : ""}`,
            )
            .join("\n")
            .slice(0, 1024) || "None yet: **Add field**.",
      });
    }
    fields.push({
      name: `${component.type === "form" ? "On submit" : "On click"} (${definition.actions.length}/${componentLimits.actionsPerTrigger})`,
      value:
        definition.actions.map((action, index) => `${index + 1}. ${describeAction(action)}`).join("\n") ||
        "No actions yet: pick one in **Add an action…**.",
    });
  }
  const missing = incompleteReason(component.type, definition);
  const look =
    component.type === "select"
      ? `Placeholder: ${definition.placeholder ?? "(none)"}`
      : `${definition.emoji ? `${definition.emoji} ` : ""}**${definition.label}** · ${definition.style}${component.type === "form" ? `\nForm title: **${definition.title ?? component.name}**` : ""}`;
  return {
    title: `${typeLabel[component.type]} · ${component.name}`,
    description: [
      notice,
      look,
      definition.message ? `Message above it: ${definition.message.slice(0, 200)}` : null,
      `ID \`${component.componentId}\`${component.postChannelId ? ` · posts in <#${component.postChannelId}> when done` : ""}`,
      missing ? `⏳ ${missing}` : "✅ Ready: press **Done** to save and post it.",
    ]
      .filter(Boolean)
      .join("\n"),
    color: missing ? 0x64748b : 0x22c55e,
    fields,
  };
}

/** A select menu holds 25 options (Discord's limit), so the Remove menu shows its items a page at a time. */
export const removePageSize = 25;

/** The pages of the Remove menu (at least one), and `page` brought within them. */
export function removePages(component: StoredComponent, page: number) {
  const items = removableItems(component);
  const count = Math.max(1, Math.ceil(items.length / removePageSize));
  const current = Math.min(Math.max(0, Math.trunc(page) || 0), count - 1);
  return {
    items: items.slice(current * removePageSize, (current + 1) * removePageSize),
    page: current,
    count,
    total: items.length,
  };
}

/**
 * The panel: a summary, the steps as buttons, and menus to add actions, edit form fields and
 * remove items. `removePage` picks the page of the Remove menu (0-based, clamped).
 */
export function editorPanel(
  component: StoredComponent,
  notice: string | null = null,
  removePage = 0,
): OutgoingMessage {
  const id = component.componentId;
  const { definition } = component;
  const buttons: Button[] = [
    { type: "button", style: "secondary", label: "Appearance", emoji: "🎨", customId: editorId("look", id) },
  ];
  if (component.type === "select") {
    buttons.push({
      type: "button",
      style: "secondary",
      label: "Add option",
      customId: editorId("option", id),
      disabled: definition.options.length >= componentLimits.options,
    });
  }
  if (component.type === "form") {
    buttons.push({
      type: "button",
      style: "secondary",
      label: "Add field",
      customId: editorId("field", id),
      disabled: definition.fields.length >= componentLimits.fields,
    });
  }
  buttons.push({ type: "button", style: "success", label: "Done", customId: editorId("done", id) });
  buttons.push({
    type: "button",
    style: "secondary",
    label: "Post in…",
    emoji: "📌",
    customId: editorId("post", id),
  });
  const addAction: SelectMenu = {
    type: "select",
    customId: editorId("action", id),
    placeholder: "Add an action…",
    options: actionKindsFor(component.type).map((kind) => ({ label: actionLabels[kind], value: kind })),
  };
  const rows: (Button | SelectMenu)[][] = [buttons, [addAction]];
  if (definition.fields.length > 0) {
    rows.push([
      {
        type: "select",
        customId: editorId("editfield", id),
        placeholder: "Edit a field…",
        options: definition.fields.map((field, index) => ({
          label: cut(`Field ${index + 1}: ${field.label}`),
          value: field.id,
          description: cut(field.placeholder ? `Placeholder: ${field.placeholder}` : "No placeholder"),
        })),
      },
    ]);
  }
  const remove = removePages(component, removePage);
  if (remove.total > 0) {
    const paged = remove.count > 1;
    rows.push([
      {
        type: "select",
        // The page rides along so the panel stays on it after a removal.
        customId: editorId("remove", id, String(remove.page)),
        placeholder: paged ? `Remove… (page ${remove.page + 1} of ${remove.count})` : "Remove…",
        options: remove.items,
      },
    ]);
    if (paged) {
      rows.push([
        {
          type: "button",
          style: "secondary",
          label: "Previous",
          emoji: "◀️",
          customId: editorId("page", id, String(Math.max(0, remove.page - 1))),
          disabled: remove.page === 0,
        },
        {
          type: "button",
          style: "secondary",
          label: "Next",
          emoji: "▶️",
          customId: editorId("page", id, String(Math.min(remove.count - 1, remove.page + 1))),
          disabled: remove.page === remove.count - 1,
        },
      ]);
    }
  }
  return { embeds: [summaryEmbed(component, notice)], components: rows };
}

/** Discord's 100-character limit on a menu option's label and description. */
const cut = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

/**
 * A short digest of each item of a list. It covers the item's content and how many identical twins
 * it has, so a pick from a menu drawn before another admin's change no longer matches: a shift in
 * position, an edit, or one of two identical actions going all show up as a different digest.
 */
function fingerprints(items: unknown[]): string[] {
  const texts = items.map(canonicalJson);
  const twins = new Map<string, number>();
  for (const text of texts) twins.set(text, (twins.get(text) ?? 0) + 1);
  return texts.map((text) =>
    createHash("sha256")
      .update(`${twins.get(text)}:${text}`)
      .digest("hex")
      .slice(0, fingerprintLength),
  );
}

const fingerprintLength = 10;

/** JSON with object keys sorted, so the digest doesn't depend on the order keys were written in. */
const canonicalJson = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/**
 * Everything the Remove menu offers: `a:<option index or ->:<action index>:<digest>`,
 * `o:<index>:<digest>`, `f:<index>:<digest>` (at most 20 characters, well within Discord's 100 for
 * a menu value). Removal only goes ahead when the value is still in this list for the stored
 * component, so two admins editing at once never remove an item the other didn't pick.
 */
export function removableItems(
  component: Pick<StoredComponent, "definition">,
): { label: string; value: string }[] {
  const { definition } = component;
  const items: { label: string; value: string }[] = [];
  const actionDigests = fingerprints(definition.actions);
  definition.actions.forEach((action, index) => {
    items.push({
      label: cut(`Action ${index + 1}: ${actionLabels[action.kind]}`),
      value: `a:-:${index}:${actionDigests[index]}`,
    });
  });
  definition.options.forEach((option, optionIndex) => {
    // The option's value is part of the digest, so the same action under another option differs.
    const digests = fingerprints(option.actions.map((action) => [option.value, action]));
    option.actions.forEach((action, index) => {
      items.push({
        label: cut(`${option.label} → ${actionLabels[action.kind]} (${index + 1})`),
        value: `a:${optionIndex}:${index}:${digests[index]}`,
      });
    });
  });
  const optionDigests = fingerprints(definition.options);
  definition.options.forEach((option, index) => {
    items.push({ label: cut(`Option: ${option.label}`), value: `o:${index}:${optionDigests[index]}` });
  });
  const fieldDigests = fingerprints(definition.fields);
  definition.fields.forEach((field, index) => {
    items.push({ label: cut(`Field: ${field.label}`), value: `f:${index}:${fieldDigests[index]}` });
  });
  return items;
}
