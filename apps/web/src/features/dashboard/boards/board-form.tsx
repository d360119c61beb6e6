import {
  type BoardItem,
  type BoardKind,
  type BoardList,
  type BoardPreviewBody,
  boardRules,
} from "@hearth/core";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { usePermission } from "../session/permission";
import type { FieldErrors } from "../shared/errors";
import { Field, inputClass, SelectBox } from "../shared/form-controls";
import { MessagePreview } from "../shared/message-preview";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { EmojiPicker, sameEmoji } from "../shared/pickers/emoji-picker";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { Switch } from "../shared/switch";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useDebounced } from "../shared/use-debounced";
import { useBoardPreview, useCreateBoard, useEditBoard } from "./api";

export interface BoardDraft {
  name: string;
  type: BoardKind;
  emoji: string;
  channelId: string | null;
  minReactions: string;
  allowSelf: boolean;
  allowBots: boolean;
  removeBelow: boolean;
  enabled: boolean;
}

export const newBoard: BoardDraft = {
  name: "",
  type: "starboard",
  emoji: "⭐",
  channelId: null,
  minReactions: String(boardRules.defaultReactions),
  allowSelf: false,
  allowBots: false,
  removeBelow: true,
  enabled: true,
};

export function draftOf(board: BoardItem): BoardDraft {
  return {
    name: board.name,
    type: board.type,
    emoji: board.emoji,
    channelId: board.channelId,
    minReactions: String(board.minReactions),
    allowSelf: board.allowSelf,
    allowBots: board.allowBots,
    removeBelow: board.removeBelow,
    enabled: board.enabled,
  };
}

const typeLabels: Record<BoardKind, string> = {
  starboard: "Starboard (⭐)",
  skullboard: "Skullboard (💀)",
  custom: "Custom",
};
const typeEmoji: Partial<Record<BoardKind, string>> = { starboard: "⭐", skullboard: "💀" };
const quickEmojis = ["⭐", "💀", "🔥", "😂", "❤️", "👏", "🏆", "💎"];

function validate(draft: BoardDraft): FieldErrors {
  const errors: FieldErrors = {};
  const name = draft.name.trim();
  if (name === "") errors.name = "Give the board a name.";
  else if (name.length > boardRules.nameMax) errors.name = `At most ${boardRules.nameMax} characters.`;
  if (draft.emoji.trim() === "") errors.emoji = "Pick the emoji members react with.";
  if (!draft.channelId) errors.channelId = "Pick the channel the board posts to.";
  const count = Number(draft.minReactions);
  if (!Number.isInteger(count) || count < boardRules.minReactions || count > boardRules.maxReactions)
    errors.minReactions = `A whole number from ${boardRules.minReactions} to ${boardRules.maxReactions}.`;
  return errors;
}

function previewBody(draft: BoardDraft): BoardPreviewBody | null {
  const count = Number(draft.minReactions);
  if (draft.name.trim() === "" || draft.emoji.trim() === "" || !Number.isInteger(count)) return null;
  if (count < boardRules.minReactions || count > boardRules.maxReactions) return null;
  return {
    name: draft.name.trim(),
    emoji: draft.emoji.trim(),
    type: draft.type,
    minReactions: count,
    channelId: draft.channelId,
  };
}

/** Creates a board, or edits one (`editing`), with the post a message will get shown before saving. */
export function BoardForm({
  serverId,
  list,
  editing,
  onDone,
}: {
  serverId: string;
  list: BoardList;
  editing: BoardItem | null;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<BoardDraft>(editing ? draftOf(editing) : newBoard);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateBoard(serverId);
  const edit = useEditBoard(serverId);
  const saving = create.isPending || edit.isPending;
  const { can } = usePermission();
  const allowed = can("admin");
  const full = !editing && list.boards.length >= list.limits.maxPerServer;
  const original = editing ? draftOf(editing) : newBoard;
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(original));
  const settled = useDebounced(previewBody(draft), 300);
  const preview = useBoardPreview(serverId, settled);

  const set = (patch: Partial<BoardDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const pickType = (type: BoardKind) => {
    const fixed = typeEmoji[type];
    const wasDefault =
      Object.values(typeEmoji).some((emoji) => sameEmoji(emoji, draft.emoji)) || draft.emoji === "";
    set({ type, ...(fixed && wasDefault ? { emoji: fixed } : {}) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !draft.channelId) return;
    const body = {
      name: draft.name.trim(),
      emoji: draft.emoji.trim(),
      channelId: draft.channelId,
      minReactions: Number(draft.minReactions),
      type: draft.type,
      allowSelf: draft.allowSelf,
      allowBots: draft.allowBots,
      removeBelow: draft.removeBelow,
    };
    if (editing) edit.mutate({ id: editing.id, ...body, enabled: draft.enabled }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: () => setDraft(newBoard) });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit board ${editing.name}` : "Create board"}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name} aside={`${draft.name.length}/${boardRules.nameMax}`}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={boardRules.nameMax}
              placeholder="Starboard"
              value={draft.name}
              onChange={(event) => set({ name: event.target.value })}
            />
          )}
        </Field>
        <Field label="Type" hint="Sets the posts' colour.">
          {(control) => (
            <SelectBox
              {...control}
              value={draft.type}
              onChange={(event) => pickType(event.target.value as BoardKind)}
            >
              {(Object.keys(typeLabels) as BoardKind[]).map((type) => (
                <option key={type} value={type}>
                  {typeLabels[type]}
                </option>
              ))}
            </SelectBox>
          )}
        </Field>
      </div>
      <EmojiPicker
        label="Emoji"
        value={draft.emoji}
        onChange={(emoji) => set({ emoji })}
        customEmojis={list.emojis}
        error={errors.emoji}
        hint="The reaction that counts: search by name (this server's own emojis first), paste an emoji, or use a quick choice."
      />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick emoji choices</legend>
        {quickEmojis.map((emoji) => (
          <button
            key={emoji}
            type="button"
            aria-pressed={sameEmoji(draft.emoji, emoji)}
            aria-label={`Use ${emoji}`}
            onClick={() => set({ emoji })}
            className={cn(
              "h-9 min-w-9 rounded-lg border px-2 text-lg",
              sameEmoji(draft.emoji, emoji)
                ? "border-ember-400/60 bg-ember-500/15"
                : "border-white/10 bg-white/5",
            )}
          >
            {emoji}
          </button>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChannelPicker
          label="Board channel"
          value={draft.channelId}
          onChange={(channelId) => set({ channelId })}
          error={errors.channelId}
          hint="Where messages that get enough reactions are posted."
          required
        />
        <Field
          label="Reactions needed"
          error={errors.minReactions}
          hint={`${boardRules.minReactions}–${boardRules.maxReactions}`}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={boardRules.minReactions}
              max={boardRules.maxReactions}
              className={cn(inputClass, "max-w-32")}
              value={draft.minReactions}
              onChange={(event) => set({ minReactions: event.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="space-y-3">
        <Switch
          label="Count the author's own reaction"
          checked={draft.allowSelf}
          onChange={(allowSelf) => set({ allowSelf })}
        />
        <Switch
          label="Bots' messages can reach the board"
          checked={draft.allowBots}
          onChange={(allowBots) => set({ allowBots })}
        />
        <Switch
          label="Remove a post when its message falls below the threshold"
          checked={draft.removeBelow}
          onChange={(removeBelow) => set({ removeBelow })}
        />
        {editing && (
          <Switch
            label="Board enabled"
            description={editing.disabledReason ? `Turned off: ${editing.disabledReason}` : undefined}
            checked={draft.enabled}
            onChange={(enabled) => set({ enabled })}
          />
        )}
      </div>
      <MessagePreview
        message={settled ? preview.data : null}
        loading={preview.isFetching}
        error={preview.isError ? preview.error.message : null}
        empty="Fill in the name and emoji to see a board post."
        caption="Preview — a message's post on this board"
        data-testid="board-preview"
      />
      {full && (
        <p role="note" className="text-sm text-amber-200">
          This server has {list.limits.maxPerServer} boards, the most it may have: delete one first.
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {(create.isSuccess || edit.isSuccess) && <SeeInSandbox channelId={draft.channelId} />}
        {editing && (
          <button type="button" className={buttonClass("ghost")} onClick={onDone}>
            Cancel edit
          </button>
        )}
        <button
          type="submit"
          className={buttonClass("primary")}
          disabled={saving || full || !allowed}
          title={allowed ? undefined : "Changing boards needs the admin permission"}
        >
          {saving ? "Saving…" : editing ? "Save board" : "Create board"}
        </button>
      </div>
    </form>
  );
}
