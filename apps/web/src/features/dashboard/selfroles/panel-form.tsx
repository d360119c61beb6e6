import { type SelfRolePanelItem, type SelfRolesOverview, selfRolePanelRules } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { usePermission } from "../session/permission";
import { rolesQuery } from "../shared/api";
import type { FieldErrors } from "../shared/errors";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import { MessagePreview } from "../shared/message-preview";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { EmojiPicker } from "../shared/pickers/emoji-picker";
import { MarkupTextarea } from "../shared/pickers/markup-textarea";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useDebounced } from "../shared/use-debounced";
import { useCreatePanel, useEditPanel, usePanelPreview } from "./api";

interface PanelDraft {
  name: string;
  title: string;
  description: string;
  display: "buttons" | "dropdown";
  roles: { roleId: string; emoji: string }[];
  channelId: string | null;
}

const emptyPanel: PanelDraft = {
  name: "",
  title: "",
  description: "",
  display: "buttons",
  roles: [],
  channelId: null,
};

/** The saved panel as the form edits it (a title equal to the name is left empty: it follows the name). */
function draftOf(panel: SelfRolePanelItem): PanelDraft {
  return {
    name: panel.name,
    title: panel.title === panel.name ? "" : panel.title,
    description: panel.description ?? "",
    display: panel.display,
    roles: panel.roles.map(({ roleId, emoji }) => ({ roleId, emoji: emoji ?? "" })),
    channelId: null,
  };
}

function validate(draft: PanelDraft, editing: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.name.trim() === "") errors.name = "Give the panel a name.";
  if (draft.roles.length === 0) errors.roles = "Pick at least one whitelisted role.";
  if (!editing && !draft.channelId) errors.channelId = "Pick the channel the panel is posted in.";
  return errors;
}

/**
 * Builds a panel from whitelisted roles, shows the message the bot will post, and posts it; given
 * `editing`, changes that saved panel instead, and the server redraws every message carrying it.
 */
export function PanelForm({
  serverId,
  overview,
  editing,
  onDone,
}: {
  serverId: string;
  overview: SelfRolesOverview;
  /** The panel to edit; a new panel otherwise. */
  editing?: SelfRolePanelItem;
  /** Called when the edit is saved or given up. */
  onDone?: () => void;
}) {
  const initial = useMemo(() => (editing ? draftOf(editing) : emptyPanel), [editing]);
  const [draft, setDraft] = useState<PanelDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePanel(serverId);
  const edit = useEditPanel(serverId);
  const roles = useQuery(rolesQuery(serverId)).data ?? [];
  const { can } = usePermission();
  const allowed = can("admin");
  const full = !editing && overview.panels.length >= overview.limits.maxPanels;
  const pending = create.isPending || edit.isPending;
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(initial));
  const whitelisted = overview.roles.filter((entry) => entry.status === "whitelisted");
  const nameOf = (roleId: string) => roles.find((role) => role.id === roleId)?.name ?? "deleted role";
  const title = draft.title.trim() || draft.name.trim();
  const settled = useDebounced(
    title === ""
      ? null
      : {
          title,
          description: draft.description.trim() || null,
          display: draft.display,
          roles: draft.roles.map(({ roleId, emoji }) => ({ roleId, emoji: emoji.trim() || null })),
        },
    300,
  );
  const preview = usePanelPreview(serverId, settled);
  const set = (patch: Partial<PanelDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const toggleRole = (roleId: string, on: boolean) =>
    set({
      roles: on
        ? [...draft.roles, { roleId, emoji: "" }].slice(0, selfRolePanelRules.maxRoles)
        : draft.roles.filter((role) => role.roleId !== roleId),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(draft, editing !== undefined);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const roles = draft.roles.map(({ roleId, emoji }) => ({ roleId, emoji: emoji.trim() || null }));
    if (editing) {
      edit.mutate(
        {
          id: editing.id,
          body: {
            name: draft.name.trim(),
            title: draft.title.trim() || null,
            description: draft.description.trim() || null,
            display: draft.display,
            roles,
          },
        },
        { onSuccess: () => onDone?.() },
      );
      return;
    }
    if (!draft.channelId) return;
    create.mutate(
      {
        name: draft.name.trim(),
        title: draft.title.trim() || null,
        description: draft.description.trim() || null,
        display: draft.display,
        roles,
        channelId: draft.channelId,
      },
      { onSuccess: () => setDraft({ ...emptyPanel, channelId: draft.channelId }) },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit the panel ${editing.name}` : "Create self-role panel"}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Panel name" error={errors.name} hint="Unique on the server; used by /selfroles.">
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={selfRolePanelRules.nameMax}
              placeholder="Pings"
              value={draft.name}
              onChange={(event) => set({ name: event.target.value })}
            />
          )}
        </Field>
        <Field label="Title" hint="The embed's title; the name when empty.">
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={selfRolePanelRules.titleMax}
              placeholder="Pick your pings"
              value={draft.title}
              onChange={(event) => set({ title: event.target.value })}
            />
          )}
        </Field>
      </div>
      <MarkupTextarea
        label="Description"
        aside={`${draft.description.length}/${selfRolePanelRules.descriptionMax}`}
        hint="Type # for a channel, @ for a member or role."
        rows={2}
        maxLength={selfRolePanelRules.descriptionMax}
        value={draft.description}
        onChange={(description) => set({ description })}
      />
      <Field
        label="How members pick"
        hint="Buttons toggle one role each; a menu sets all picked roles at once."
      >
        {(control) => (
          <SelectBox
            {...control}
            value={draft.display}
            onChange={(event) => set({ display: event.target.value as PanelDraft["display"] })}
          >
            <option value="buttons">Buttons</option>
            <option value="dropdown">Dropdown menu</option>
          </SelectBox>
        )}
      </Field>
      <fieldset className="space-y-2" aria-describedby={errors.roles ? "panel-roles-error" : undefined}>
        <legend className="text-sm font-medium text-stone-200">
          Roles ({draft.roles.length}/{selfRolePanelRules.maxRoles})
        </legend>
        {whitelisted.length === 0 ? (
          <p className="text-sm text-stone-400">Whitelist roles first (the card beside this one).</p>
        ) : (
          whitelisted.map(({ roleId }) => {
            const chosen = draft.roles.find((role) => role.roleId === roleId);
            return (
              <div key={roleId} className="flex flex-wrap items-center gap-3">
                <label className="flex min-w-40 items-center gap-2 text-sm text-stone-200">
                  <input
                    type="checkbox"
                    checked={chosen !== undefined}
                    onChange={(event) => toggleRole(roleId, event.target.checked)}
                  />
                  @{nameOf(roleId)}
                </label>
                {chosen && (
                  <div className="min-w-56 flex-1">
                    <EmojiPicker
                      label={`Emoji for @${nameOf(roleId)}`}
                      value={chosen.emoji}
                      customEmojis={overview.emojis}
                      clearable
                      onChange={(emoji) =>
                        set({
                          roles: draft.roles.map((role) =>
                            role.roleId === roleId ? { ...role, emoji } : role,
                          ),
                        })
                      }
                    />
                  </div>
                )}
              </div>
            );
          })
        )}
        {errors.roles && (
          <p id="panel-roles-error" role="alert" className="text-sm text-red-300">
            {errors.roles}
          </p>
        )}
      </fieldset>
      {editing ? (
        <p className="text-sm text-stone-400">
          {editing.messages.length === 0
            ? "This panel isn't posted anywhere right now."
            : `Saving updates the ${editing.messages.length === 1 ? "message" : `${editing.messages.length} messages`} carrying it in Discord.`}
        </p>
      ) : (
        <ChannelPicker
          label="Channel"
          value={draft.channelId}
          onChange={(channelId) => set({ channelId })}
          error={errors.channelId}
          hint="Hearth posts the panel here."
          required
        />
      )}
      <MessagePreview
        message={settled ? preview.data : null}
        loading={preview.isFetching}
        error={preview.isError ? preview.error.message : null}
        empty="Name the panel to see the message Hearth will post."
        data-testid="panel-preview"
      />
      {full && (
        <p role="note" className="text-sm text-amber-200">
          This server has {overview.limits.maxPanels} panels, the most it may have: delete one first.
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {!editing && create.isSuccess && <SeeInSandbox channelId={create.variables?.channelId} />}
        {editing && (
          <button type="button" className={buttonClass("ghost")} onClick={() => onDone?.()}>
            Cancel
          </button>
        )}
        <button
          type="submit"
          className={buttonClass("primary")}
          disabled={pending || full || !allowed}
          title={allowed ? undefined : `${editing ? "Editing" : "Posting"} panels needs the admin permission`}
        >
          {editing
            ? edit.isPending
              ? "Saving…"
              : "Save panel"
            : create.isPending
              ? "Posting…"
              : "Post panel"}
        </button>
      </div>
    </form>
  );
}
