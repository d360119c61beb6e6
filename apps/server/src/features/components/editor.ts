import { checkCommandAccess } from "../../bot/commands/permissions.ts";
import type { InteractionMember } from "../../bot/interaction.ts";
import type { AppContext } from "../../context.ts";
import { channelPermissions, Permission } from "../../discord/permissions.ts";
import type { Button, Embed, Modal, OutgoingMessage, SelectMenu, TextInput } from "../../discord/port.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import {
  type ActionKind,
  actionKindsFor,
  actionLabels,
  componentLimits,
  incompleteReason,
  validateEmoji,
  validateField,
  validateFormTitle,
  validateLabel,
  validateOption,
  validatePlaceholder,
  validatePostedText,
  validateStyle,
} from "./model.ts";
import {
  describeAction,
  type Editor,
  mutateDefinition,
  postComponent,
  refreshPosted,
  resolveChannel,
  type StoredComponent,
} from "./service.ts";
import * as store from "./store.ts";

/**
 * The builder: a private panel (embed + buttons + menus) that `/components create` and `edit` open.
 * Every change is saved at once, so a half-built component survives a restart; forms collect the
 * details. Custom ids: `cmpe:<step>:<component_id>[:<kind>]`.
 */
export const editorPrefix = "cmpe:";

type Deps = Pick<AppContext, "storage" | "discord" | "logger">;

export const editorId = (step: string, componentId: string, extra?: string) =>
  `${editorPrefix}${step}:${componentId}${extra ? `:${extra}` : ""}`;

export function parseEditorId(
  customId: string,
): { step: string; componentId: string; extra: string | null } | null {
  const match = /^cmpe:([a-z]+):([a-z0-9]+)(?::([a-z_]+))?$/.exec(customId);
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
                `${index + 1}. **${field.label}** · ${field.style}${field.required ? " · required" : ""}${field.minLength !== null ? ` · min ${field.minLength}` : ""}${field.maxLength !== null ? ` · max ${field.maxLength}` : ""}`,
            )
            .join("\n") || "None yet: **Add field**.",
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

/** The panel: a summary, the steps as buttons, and menus to add and remove actions. */
export function editorPanel(component: StoredComponent, notice: string | null = null): OutgoingMessage {
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
  const removable = removableItems(component);
  if (removable.length > 0) {
    rows.push([
      {
        type: "select",
        customId: editorId("remove", id),
        placeholder: "Remove…",
        options: removable.slice(0, 25),
      },
    ]);
  }
  return { embeds: [summaryEmbed(component, notice)], components: rows };
}

/** What the Remove menu offers: `a:<option index or ->:<action index>`, `o:<index>`, `f:<index>`. */
function removableItems(component: StoredComponent) {
  const { definition } = component;
  const items: { label: string; value: string }[] = [];
  const cut = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);
  definition.actions.forEach((action, index) => {
    items.push({ label: cut(`Action ${index + 1}: ${actionLabels[action.kind]}`), value: `a:-:${index}` });
  });
  definition.options.forEach((option, optionIndex) => {
    option.actions.forEach((action, index) => {
      items.push({
        label: cut(`${option.label} → ${actionLabels[action.kind]} (${index + 1})`),
        value: `a:${optionIndex}:${index}`,
      });
    });
  });
  definition.options.forEach((option, index) => {
    items.push({ label: cut(`Option: ${option.label}`), value: `o:${index}` });
  });
  definition.fields.forEach((field, index) => {
    items.push({ label: cut(`Field: ${field.label}`), value: `f:${index}` });
  });
  return items;
}

const input = (customId: string, label: string, options: Partial<TextInput> = {}): TextInput => ({
  customId,
  label,
  style: "short",
  required: false,
  ...options,
});

/** The form of a builder step. */
export function editorModal(component: StoredComponent, step: string, kind?: ActionKind): Modal {
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
    return {
      customId: editorId("field", id),
      title: "Add a field",
      fields: [
        input("label", "Label", { required: true, maxLength: componentLimits.fieldLabel }),
        input("style", "short (one line) or paragraph", { value: "short" }),
        input("required", "Required? yes or no", { value: "yes" }),
        input("min_length", "Minimum length (optional, 0–4000)"),
        input("max_length", "Maximum length (optional, 1–4000)"),
      ],
    };
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

/** Builder clicks need what the commands need: Manage Server or the component-management role. */
export async function checkEditorAccess(
  ctx: Pick<AppContext, "storage" | "config">,
  serverId: string,
  member: InteractionMember,
): Promise<void> {
  await checkCommandAccess(ctx, serverId, "components edit", member, ctx.config.developerIds);
}

export async function componentForEditor(deps: Deps, serverId: string, componentId: string) {
  const component = await store.findComponentById(deps.storage.db, componentId);
  if (!component || component.serverId !== serverId) throw notFound("This component was deleted.");
  return component;
}

export const editorOf = (member: InteractionMember): Editor => ({
  userId: member.user.id,
  roleIds: member.roleIds,
  permissions: member.permissions,
});

/** Saves a submitted builder form (appearance, option, field). */
export async function applyEditorForm(
  deps: Deps,
  component: StoredComponent,
  step: string,
  fields: Record<string, string>,
): Promise<{ component: StoredComponent; notice: string }> {
  const read = (name: string) => fields[name] ?? "";
  if (step === "look") {
    const updated = await mutateDefinition(deps, component, (definition) => {
      if (component.type === "select") {
        definition.placeholder = validatePlaceholder(read("placeholder"));
      } else {
        definition.label = validateLabel(read("label"));
        definition.emoji = validateEmoji(read("emoji"));
        definition.style = validateStyle(read("style"));
      }
      if (component.type === "form") definition.title = validateFormTitle(read("title"));
      const message = read("message").trim();
      // Posted once for everyone, so it's plain text: template tags are for the actions' messages.
      definition.message = message === "" ? null : validatePostedText(message);
    });
    return { component: updated, notice: "🎨 Appearance saved." };
  }
  if (step === "option") {
    const updated = await mutateDefinition(deps, component, (definition) => {
      definition.options.push(
        validateOption(
          {
            label: read("label"),
            value: read("value"),
            description: read("description"),
            emoji: read("emoji"),
          },
          definition.options,
        ),
      );
    });
    return { component: updated, notice: "➕ Option added. Give it actions with **Add an action…**." };
  }
  if (step === "field") {
    const updated = await mutateDefinition(deps, component, (definition) => {
      definition.fields.push(
        validateField(
          {
            label: read("label"),
            style: read("style"),
            required: read("required"),
            minLength: read("min_length"),
            maxLength: read("max_length"),
          },
          definition.fields,
        ),
      );
    });
    return { component: updated, notice: "➕ Field added." };
  }
  throw badRequest("Unknown builder step.");
}

/** Removes what the Remove menu picked. */
export async function removeItem(
  deps: Deps,
  component: StoredComponent,
  value: string,
): Promise<StoredComponent> {
  const [kind, first, second] = value.split(":");
  const posted = (await store.listPosted(deps.storage.db, component.componentId)).length > 0;
  return mutateDefinition(deps, component, (definition) => {
    const gone = () => badRequest("That was already removed; the panel was out of date.");
    if (kind === "a") {
      const list = first === "-" ? definition.actions : definition.options[Number(first)]?.actions;
      const index = Number(second);
      if (!list || !(index >= 0 && index < list.length)) throw gone();
      list.splice(index, 1);
    } else if (kind === "o") {
      const index = Number(first);
      if (!(index >= 0 && index < definition.options.length)) throw gone();
      if (definition.options.length === 1 && posted) {
        throw badRequest("A posted menu needs at least one option; add another before removing this one.");
      }
      definition.options.splice(index, 1);
    } else if (kind === "f") {
      const index = Number(first);
      if (!(index >= 0 && index < definition.fields.length)) throw gone();
      definition.fields.splice(index, 1);
    } else {
      throw gone();
    }
  });
}

/**
 * Posts another copy where the editor names (a component created without a channel has no other
 * way out). The editor must be able to post there themselves, so the management role can't reach
 * channels its members can't write in.
 */
export async function postFromEditor(
  deps: Deps,
  component: StoredComponent,
  member: InteractionMember,
  channelText: string,
): Promise<string> {
  const missing = incompleteReason(component.type, component.definition);
  if (missing) throw badRequest(`Not finished yet: ${missing}`);
  if (channelText.trim() === "") throw badRequest("Name the channel to post it in.", "channel");
  const channelId = await resolveChannel(deps, component.serverId, channelText);
  const channel = await deps.discord.getChannel(channelId);
  const [guild, roles] = await Promise.all([
    deps.discord.getGuild(component.serverId),
    deps.discord.listRoles(component.serverId),
  ]);
  const bits = channel
    ? channelPermissions({
        ownerId: guild?.ownerId ?? "",
        roles,
        member: { userId: member.user.id, roleIds: member.roleIds },
        channel,
      })
    : 0n;
  const needed = Permission.ViewChannel | Permission.SendMessages;
  if ((bits & needed) !== needed) {
    throw forbidden(
      `You can't post in <#${channelId}> yourself, so I won't post the component there for you.`,
    );
  }
  await postComponent(deps, component, channelId);
  return `📌 Posted **${component.name}** in <#${channelId}>.`;
}

/** Done: the component must be complete; posts it where `create` asked (once) and updates copies. */
export async function finish(deps: Deps, component: StoredComponent): Promise<string> {
  const missing = incompleteReason(component.type, component.definition);
  if (missing) throw badRequest(`Not finished yet: ${missing}`);
  const posted = await store.listPosted(deps.storage.db, component.componentId);
  const lines = [`✅ Saved **${component.name}** (ID \`${component.componentId}\`).`];
  if (component.postChannelId && posted.length === 0) {
    await postComponent(deps, component, component.postChannelId);
    lines.push(`Posted it in <#${component.postChannelId}>.`);
  } else if (posted.length > 0) {
    const updated = await refreshPosted(deps, component);
    lines.push(`Updated ${updated} posted ${updated === 1 ? "copy" : "copies"}.`);
  }
  lines.push(`Try it privately with \`/components test component:${component.name}\`.`);
  return lines.join("\n");
}
