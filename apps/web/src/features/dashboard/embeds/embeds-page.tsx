import {
  type EmbedDraft,
  embedContentMax,
  embedLimits,
  type LinkButtonDraft,
  linkButtonLimits,
} from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { buttonClass } from "../../../components/ui/button-styles";
import { cn } from "../../../lib/cn";
import { usePermission } from "../session/permission";
import { useDashboardSession } from "../session/session-context";
import { channelsQuery } from "../shared/api";
import { Card, SubHeading } from "../shared/card";
import { serverMessage } from "../shared/errors";
import { Field, inputClass } from "../shared/form-controls";
import { PlusIcon, SparkIcon, TrashIcon } from "../shared/icons";
import { MessagePreview } from "../shared/message-preview";
import { ChannelPicker } from "../shared/pickers/channel-picker";
import { MarkupTextarea } from "../shared/pickers/markup-textarea";
import { SeeInSandbox } from "../shared/see-in-sandbox";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useDebounced } from "../shared/use-debounced";
import { embedPreviewQuery, useEditEmbed, useOpenEmbed, useSendEmbed } from "./api";
import { blankEmbed, draftLength, draftProblems, parseMessageLink, sendableDraft } from "./embed-form";
import { TemplatesCard } from "./templates-card";

/** The message being edited in place, when the builder edits one Hearth posted. */
interface Target {
  channelId: string;
  messageId: string;
  /** Text above and other embeds/rows the edit keeps. */
  content: string;
  keptEmbeds: number;
  keptRows: number;
}

const counter = (length: number, max: number) =>
  `${length.toLocaleString("en-US")}/${max.toLocaleString("en-US")}`;

function Preview({ serverId, draft, content }: { serverId: string; draft: EmbedDraft; content: string }) {
  const sendable = sendableDraft(draft);
  // What the form already knows is wrong (the same checks as the server's) is said without asking it.
  const problem = draftProblems(sendable).values().next().value ?? null;
  const body = useDebounced(problem ? null : { draft: sendable, content }, 400);
  const preview = useQuery(embedPreviewQuery(serverId, body));
  return (
    <div className="space-y-2 lg:sticky lg:top-4">
      <MessagePreview
        message={preview.data?.message}
        loading={preview.isFetching}
        error={
          problem ??
          (preview.isError ? (serverMessage(preview.error) ?? "The preview could not be loaded.") : null)
        }
        empty="Fill in the embed to see the message."
      />
      <p className="text-xs text-stone-400">
        Tags such as <code>{"{user.name}"}</code> are filled in for you, the sender.
      </p>
    </div>
  );
}

function FieldRows({
  fields,
  problems,
  onChange,
}: {
  fields: NonNullable<EmbedDraft["fields"]>;
  problems: Map<string, string>;
  onChange: (fields: NonNullable<EmbedDraft["fields"]>) => void;
}) {
  const update = (index: number, patch: Partial<(typeof fields)[number]>) =>
    onChange(fields.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  return (
    <div className="space-y-3">
      {fields.map((field, index) => (
        // Fields have no id of their own; their place is what names them.
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and removed by index
        <fieldset key={index} className="space-y-2 rounded-xl border border-white/[0.08] p-3">
          <legend className="px-1 text-xs font-semibold text-stone-300">Field {index + 1}</legend>
          <Field
            label="Name"
            error={problems.get(`fields[${index}].name`)}
            aside={counter(field.name.length, embedLimits.fieldName)}
          >
            {(control) => (
              <input
                {...control}
                className={inputClass}
                value={field.name}
                onChange={(event) => update(index, { name: event.target.value })}
              />
            )}
          </Field>
          <MarkupTextarea
            label="Value"
            error={problems.get(`fields[${index}].value`)}
            aside={counter(field.value.length, embedLimits.fieldValue)}
            rows={2}
            value={field.value}
            onChange={(value) => update(index, { value })}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label className="flex items-center gap-2 text-sm text-stone-300">
              <input
                type="checkbox"
                checked={field.inline ?? false}
                onChange={(event) => update(index, { inline: event.target.checked })}
              />
              Inline (side by side with its neighbours)
            </label>
            <button
              type="button"
              className={buttonClass("ghost", "sm")}
              onClick={() => onChange(fields.filter((_, at) => at !== index))}
              aria-label={`Remove field ${index + 1}`}
            >
              <TrashIcon className="size-4" />
              Remove
            </button>
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        className={buttonClass("secondary", "sm")}
        disabled={fields.length >= embedLimits.fields}
        onClick={() => onChange([...fields, { name: "", value: "", inline: false }])}
      >
        <PlusIcon className="size-4" />
        Add Field ({fields.length}/{embedLimits.fields})
      </button>
    </div>
  );
}

function ButtonRows({
  buttons,
  problems,
  onChange,
}: {
  buttons: LinkButtonDraft[];
  problems: Map<string, string>;
  onChange: (buttons: LinkButtonDraft[]) => void;
}) {
  const update = (index: number, patch: Partial<LinkButtonDraft>) =>
    onChange(buttons.map((button, at) => (at === index ? { ...button, ...patch } : button)));
  return (
    <div className="space-y-3">
      {buttons.map((button, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and removed by index
        <fieldset key={index} className="grid gap-2 rounded-xl border border-white/[0.08] p-3 sm:grid-cols-2">
          <legend className="px-1 text-xs font-semibold text-stone-300">Link button {index + 1}</legend>
          <Field
            label="Label"
            error={problems.get(`buttons[${index}].label`)}
            aside={counter(button.label.length, linkButtonLimits.label)}
          >
            {(control) => (
              <input
                {...control}
                className={inputClass}
                value={button.label}
                onChange={(event) => update(index, { label: event.target.value })}
              />
            )}
          </Field>
          <Field label="Emoji" aside="optional" error={problems.get(`buttons[${index}].emoji`)}>
            {(control) => (
              <input
                {...control}
                className={inputClass}
                placeholder="🎉"
                value={button.emoji ?? ""}
                onChange={(event) => update(index, { emoji: event.target.value })}
              />
            )}
          </Field>
          <Field label="Link" className="sm:col-span-2" error={problems.get(`buttons[${index}].url`)}>
            {(control) => (
              <input
                {...control}
                type="url"
                className={inputClass}
                placeholder="https://"
                value={button.url}
                onChange={(event) => update(index, { url: event.target.value })}
              />
            )}
          </Field>
          <div className="flex justify-end sm:col-span-2">
            <button
              type="button"
              className={buttonClass("ghost", "sm")}
              onClick={() => onChange(buttons.filter((_, at) => at !== index))}
              aria-label={`Remove link button ${index + 1}`}
            >
              <TrashIcon className="size-4" />
              Remove
            </button>
          </div>
        </fieldset>
      ))}
      <button
        type="button"
        className={buttonClass("secondary", "sm")}
        disabled={buttons.length >= linkButtonLimits.perMessage}
        onClick={() => onChange([...buttons, { label: "", url: "" }])}
      >
        <PlusIcon className="size-4" />
        Add Link Button ({buttons.length}/{linkButtonLimits.perMessage})
      </button>
    </div>
  );
}

/** A text input of the draft, with its limit and the problem that names it. */
function TextPart({
  label,
  value,
  onChange,
  error,
  max,
  hint,
  type = "text",
  placeholder,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  error: string | undefined;
  max?: number;
  hint?: string;
  type?: "text" | "url";
  placeholder?: string;
}) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      aside={max ? counter((value ?? "").length, max) : undefined}
    >
      {(control) => (
        <input
          {...control}
          type={type}
          className={inputClass}
          placeholder={placeholder}
          value={value ?? ""}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function Builder({
  serverId,
  canSend,
  initial,
  target,
  onSent,
  onNew,
  onDraftChange,
}: {
  serverId: string;
  canSend: boolean;
  initial: EmbedDraft;
  target: Target | null;
  onSent: (target: Target, draft: EmbedDraft) => void;
  onNew: () => void;
  /** Told the draft as it changes (the templates card saves it). */
  onDraftChange: (draft: EmbedDraft) => void;
}) {
  const [draft, setDraft] = useState<EmbedDraft>(initial);
  useEffect(() => onDraftChange(draft), [draft, onDraftChange]);
  const [content, setContent] = useState("");
  const [channelId, setChannelId] = useState("");
  const [tried, setTried] = useState(false);
  const channels = useQuery(channelsQuery(serverId));
  const send = useSendEmbed(serverId);
  const edit = useEditEmbed(serverId);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial) || content !== "";
  useUnsavedChanges(dirty && !send.isPending && !edit.isPending);
  const problems = draftProblems(sendableDraft(draft));
  const shownProblems = tried
    ? problems
    : new Map([...problems].filter(([field]) => field !== "description"));
  const set = (patch: Partial<EmbedDraft>) => setDraft({ ...draft, ...patch });
  const length = draftLength(draft);
  const channelError = tried && !target && channelId === "" ? "Choose the channel to send to." : undefined;
  const contentError =
    content.length > embedContentMax ? `The text can be at most ${embedContentMax} characters.` : undefined;
  const pending = send.isPending || edit.isPending;
  const refusal = send.error ?? edit.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.size > 0 || contentError || (!target && channelId === "")) return;
    const body = sendableDraft(draft);
    if (target) {
      edit.mutate(
        { channelId: target.channelId, messageId: target.messageId, body: { draft: body } },
        { onSuccess: () => onSent(target, draft) },
      );
    } else {
      send.mutate(
        { draft: body, channelId, ...(content.trim() ? { content } : {}) },
        {
          onSuccess: (sent) =>
            onSent(
              { channelId: sent.channelId, messageId: sent.messageId, content, keptEmbeds: 0, keptRows: 0 },
              draft,
            ),
        },
      );
    }
  };

  const channelName = (id: string) => channels.data?.find((c) => c.id === id)?.name ?? "a channel";
  return (
    <form onSubmit={submit} noValidate aria-label="Embed builder" className="grid gap-6 lg:grid-cols-2">
      <div className="min-w-0 space-y-6">
        {target ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-sky-400/30 bg-sky-500/10 px-4 py-3 text-sm text-sky-100">
            <p>
              Editing Hearth's message in <strong>#{channelName(target.channelId)}</strong>. Its text
              {target.keptEmbeds > 0 ? `, ${target.keptEmbeds} other embed(s)` : ""}
              {target.keptRows > 0 ? ` and ${target.keptRows} row(s) of buttons or menus` : ""} stay as they
              are.
            </p>
            <button type="button" className={buttonClass("secondary", "sm")} onClick={onNew}>
              Start a New Message
            </button>
          </div>
        ) : (
          <div className="space-y-4">
            <ChannelPicker
              label="Channel"
              kinds={["text", "announcement"]}
              value={channelId === "" ? null : channelId}
              onChange={(id) => setChannelId(id ?? "")}
              error={channelError}
              hint="A text or announcement channel you can post in."
              required
            />
            <MarkupTextarea
              label="Text above the embed"
              aside={counter(content.length, embedContentMax)}
              error={contentError}
              hint="Optional. Type # for a channel, @ for a member or role; mentions ping when you may mention them yourself."
              rows={2}
              value={content}
              onChange={setContent}
            />
          </div>
        )}

        <section aria-label="Body" className="space-y-4">
          <SubHeading>Body</SubHeading>
          <TextPart
            label="Title"
            value={draft.title}
            onChange={(title) => set({ title })}
            error={shownProblems.get("title")}
            max={embedLimits.title}
          />
          <MarkupTextarea
            label="Description"
            error={shownProblems.get("description")}
            aside={counter((draft.description ?? "").length, embedLimits.description)}
            hint="Type # for a channel, @ for a member or role. Markdown and tags work: **bold**, [links](https://…), {user.mention}, {server.name}."
            rows={6}
            value={draft.description ?? ""}
            onChange={(description) => set({ description })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextPart
              label="Title link"
              type="url"
              placeholder="https://"
              value={draft.url}
              onChange={(url) => set({ url })}
              error={shownProblems.get("url")}
            />
            <Field label="Colour" error={shownProblems.get("color")} hint="The bar on the embed's left.">
              {(control) => (
                <div className="flex gap-2">
                  <input
                    type="color"
                    aria-label="Pick a colour"
                    className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-white/10 bg-ink-950"
                    value={/^#[0-9a-f]{6}$/i.test(draft.color ?? "") ? (draft.color as string) : "#f97316"}
                    onChange={(event) => set({ color: event.target.value.toUpperCase() })}
                  />
                  <input
                    {...control}
                    className={inputClass}
                    placeholder="#F97316"
                    value={draft.color ?? ""}
                    onChange={(event) => set({ color: event.target.value })}
                  />
                </div>
              )}
            </Field>
          </div>
        </section>

        <section aria-label="Author" className="space-y-4">
          <SubHeading>Author</SubHeading>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextPart
              label="Author name"
              value={draft.author?.name}
              onChange={(name) => set({ author: { ...draft.author, name } })}
              error={shownProblems.get("author.name")}
              max={embedLimits.authorName}
            />
            <TextPart
              label="Author icon"
              type="url"
              placeholder="https:// or {user.avatar}"
              value={draft.author?.iconUrl}
              onChange={(iconUrl) =>
                set({ author: { name: draft.author?.name ?? "", ...draft.author, iconUrl } })
              }
              error={shownProblems.get("author.iconUrl")}
            />
          </div>
        </section>

        <section aria-label="Fields" className="space-y-3">
          <SubHeading>Fields</SubHeading>
          <FieldRows
            fields={draft.fields ?? []}
            problems={shownProblems}
            onChange={(fields) => set({ fields })}
          />
        </section>

        <section aria-label="Images" className="space-y-4">
          <SubHeading>Images</SubHeading>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextPart
              label="Image"
              type="url"
              placeholder="https://…/banner.png"
              value={draft.imageUrl}
              onChange={(imageUrl) => set({ imageUrl })}
              error={shownProblems.get("imageUrl")}
            />
            <TextPart
              label="Thumbnail"
              type="url"
              placeholder="https://…/logo.png"
              value={draft.thumbnailUrl}
              onChange={(thumbnailUrl) => set({ thumbnailUrl })}
              error={shownProblems.get("thumbnailUrl")}
            />
          </div>
        </section>

        <section aria-label="Footer" className="space-y-4">
          <SubHeading>Footer</SubHeading>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextPart
              label="Footer text"
              value={draft.footer?.text}
              onChange={(text) => set({ footer: { ...draft.footer, text } })}
              error={shownProblems.get("footer.text")}
              max={embedLimits.footerText}
            />
            <TextPart
              label="Footer icon"
              type="url"
              placeholder="https://"
              value={draft.footer?.iconUrl}
              onChange={(iconUrl) =>
                set({ footer: { text: draft.footer?.text ?? "", ...draft.footer, iconUrl } })
              }
              error={shownProblems.get("footer.iconUrl")}
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-stone-300">
            <input
              type="checkbox"
              checked={draft.timestamp ?? false}
              onChange={(event) => set({ timestamp: event.target.checked })}
            />
            Show the time it was sent
          </label>
        </section>

        <section aria-label="Link buttons" className="space-y-3">
          <SubHeading>Link buttons</SubHeading>
          <p className="text-xs text-stone-400">
            One row of buttons under the embed, each opening a web page.
          </p>
          <ButtonRows
            buttons={draft.buttons ?? []}
            problems={shownProblems}
            onChange={(buttons) => set({ buttons })}
          />
        </section>

        <div className="space-y-3 border-t border-white/[0.06] pt-4">
          <p
            className={cn(
              "text-sm tabular-nums",
              length > embedLimits.total ? "text-red-300" : "text-stone-400",
            )}
            aria-live="polite"
          >
            {counter(length, embedLimits.total)} characters in the embed (Discord counts the title,
            description, fields, author and footer together).
          </p>
          {tried && problems.size > 0 && (
            <div
              role="alert"
              className="rounded-lg border border-red-400/25 bg-red-500/5 px-3 py-2 text-sm text-red-200"
            >
              <p className="font-medium">Fix these first:</p>
              <ul className="mt-1 list-disc pl-5">
                {[...problems.values()].slice(0, 8).map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          )}
          {refusal && (
            <p role="alert" className="text-sm text-red-300">
              {serverMessage(refusal)}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-end gap-2">
            {!canSend && <p className="text-sm text-amber-200">Sending needs the admin permission.</p>}
            {(send.isSuccess || edit.isSuccess) && (
              <SeeInSandbox channelId={target?.channelId ?? send.data?.channelId} />
            )}
            <button type="submit" className={buttonClass("primary")} disabled={!canSend || pending}>
              {pending ? "Sending…" : target ? "Save Changes" : "Send Embed"}
            </button>
          </div>
        </div>
      </div>
      <Preview serverId={serverId} draft={draft} content={target ? target.content : content} />
    </form>
  );
}

function OpenPosted({
  serverId,
  onOpen,
}: {
  serverId: string;
  onOpen: (target: Target, draft: EmbedDraft) => void;
}) {
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | null>(null);
  const open = useOpenEmbed(serverId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ids = parseMessageLink(link, serverId);
    if (!ids) {
      setError("Paste the link of a message in this server (right-click it in Discord → Copy Message Link).");
      return;
    }
    setError(null);
    open.mutate(ids, {
      onSuccess: (message) => {
        setLink("");
        onOpen(
          {
            channelId: message.channelId,
            messageId: message.messageId,
            content: message.content,
            keptEmbeds: message.keptEmbeds,
            keptRows: message.keptRows,
          },
          message.draft as EmbedDraft,
        );
      },
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Edit a message Hearth posted"
      className="flex flex-wrap items-end gap-3"
    >
      <Field
        label="Message link"
        className="min-w-0 flex-1"
        error={
          error ?? (open.error ? (serverMessage(open.error) ?? "That message could not be opened.") : null)
        }
        hint="Right-click a message Hearth posted with an embed → Copy Message Link."
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            placeholder="https://discord.com/channels/…"
            value={link}
            onChange={(event) => {
              setLink(event.target.value);
              setError(null);
              open.reset();
            }}
          />
        )}
      </Field>
      <button type="submit" className={cn(buttonClass("secondary"), "mb-6")} disabled={open.isPending}>
        {open.isPending ? "Opening…" : "Open Message"}
      </button>
    </form>
  );
}

/** Embeds: the `/embed` builder on the web, with a live preview; send to a channel or edit a posted message. */
export default function EmbedsPage() {
  const { serverId } = useDashboardSession();
  const { can } = usePermission();
  const [state, setState] = useState<{ key: number; draft: EmbedDraft; target: Target | null }>({
    key: 0,
    draft: blankEmbed,
    target: null,
  });
  const [sent, setSent] = useState<{ target: Target; title: string; draft: EmbedDraft }[]>([]);
  const [current, setCurrent] = useState<EmbedDraft>(blankEmbed);
  const start = (draft: EmbedDraft, target: Target | null) =>
    setState((current) => ({ key: current.key + 1, draft, target }));

  return (
    <div className="space-y-6">
      <Card
        title={state.target ? "Edit a posted embed" : "Embed builder"}
        description="Build an embed with fields, images and link buttons; the preview is what Hearth posts. The same builder as /embed create in Discord."
        icon={<SparkIcon />}
      >
        <Builder
          key={state.key}
          serverId={serverId}
          canSend={can("admin")}
          initial={state.draft}
          target={state.target}
          onNew={() => start(blankEmbed, null)}
          onDraftChange={setCurrent}
          onSent={(target, draft) => {
            setSent((list) => [
              { target, draft, title: draft.title?.trim() || "Untitled embed" },
              ...list.filter((item) => item.target.messageId !== target.messageId),
            ]);
            start(draft, target);
          }}
        />
      </Card>
      <Card
        title="Templates"
        description="Start from a built-in or saved template, or save this embed to reuse it here and with /embed."
      >
        <TemplatesCard
          serverId={serverId}
          current={current}
          canSave={can("admin")}
          // A template starts a new message (an edit in progress keeps its target).
          onLoad={(draft) => start(draft, state.target)}
        />
      </Card>
      <Card
        title="Edit a message Hearth posted"
        description="Open an embed Hearth posted (from here or with /embed create) to change it in place."
      >
        <div className="space-y-4">
          <OpenPosted serverId={serverId} onOpen={(target, draft) => start(draft, target)} />
          {sent.length > 0 && (
            <div>
              <SubHeading>Sent from here</SubHeading>
              <ul aria-label="Sent from here" className="divide-y divide-white/[0.06]">
                {sent.map((item) => (
                  <li key={item.target.messageId} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0 truncate text-sm text-stone-200">{item.title}</span>
                    <button
                      type="button"
                      className={buttonClass("ghost", "sm")}
                      onClick={() => start(item.draft, item.target)}
                      disabled={state.target?.messageId === item.target.messageId}
                      aria-label={`Edit “${item.title}”`}
                    >
                      Edit
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </Card>
    </div>
  );
}
