import { type ServerSettings, settingsEditBody } from "@hearth/core";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Card } from "../shared/card";
import { Field, inputClass } from "../shared/form-controls";
import { TargetIcon } from "../shared/icons";
import { MemberAvatar, MemberPicker } from "../shared/pickers/member-picker";
import { membersByIdQuery, unknownMember } from "../shared/pickers/picker-data";
import { previewImage } from "../shared/preview-image";
import { useUnsavedChanges } from "../shared/unsaved-changes";
import { useEditSettings } from "./api";

const commitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === "Enter") {
    event.preventDefault();
    event.currentTarget.blur();
  }
};

/** The first problem zod finds with one field of an edit, as a sentence. */
function problemOf(body: object): string | null {
  const parsed = settingsEditBody.safeParse(body);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "is not valid");
}

const imageLink = /^https?:\/\/\S+$/i;
const imageTypes = /\.(png|jpe?g|gif|webp)$/i;

/** Checks a heist image link like the embed editor does (http(s); PNG, JPG, GIF or WebP when named). */
export function heistImageProblem(link: string): string | null {
  const text = link.trim();
  if (text === "") return null;
  if (!imageLink.test(text)) return "The image must be a web address starting with http:// or https://.";
  const path = text.split(/[?#]/)[0] ?? "";
  const extension = /\.([a-z0-9]+)$/i.exec(path.split("/").pop() ?? "")?.[1];
  if (extension && !imageTypes.test(`.${extension}`)) {
    return `The image must be a PNG, JPG, GIF or WebP image; “.${extension}” isn't one of those formats.`;
  }
  return null;
}

/**
 * The fields behind the game helpers: the heist image link (set or cleared; checked like embed
 * images), the game bots whose events the Event helper answers (picked among the server's bots, saved
 * on each add or remove), and anti-pool's window. The text fields save on blur or Enter, like the
 * other Settings fields.
 */
export function GameHelpersCard({ settings, serverId }: { settings: ServerSettings; serverId: string }) {
  const edit = useEditSettings(serverId);
  const [image, setImage] = useState(settings.heistImageUrl ?? "");
  const [imageError, setImageError] = useState<string | null>(null);
  const [botsError, setBotsError] = useState<string | null>(null);
  const [hours, setHours] = useState(String(settings.antiPoolShow.windowHours));
  const [hoursError, setHoursError] = useState<string | null>(null);

  useEffect(() => setImage(settings.heistImageUrl ?? ""), [settings.heistImageUrl]);
  useUnsavedChanges(
    !edit.isPending &&
      (image.trim() !== (settings.heistImageUrl ?? "") ||
        hours.trim() !== String(settings.antiPoolShow.windowHours)),
  );
  useEffect(() => setHours(String(settings.antiPoolShow.windowHours)), [settings.antiPoolShow.windowHours]);

  const saveImage = () => {
    const link = image.trim();
    const problem = heistImageProblem(link);
    setImageError(problem);
    if (problem || link === (settings.heistImageUrl ?? "")) return;
    edit.mutate(
      { heistImageUrl: link === "" ? null : link },
      { onError: () => setImage(settings.heistImageUrl ?? "") },
    );
  };

  const saveBots = (ids: string[]) => {
    const problem =
      ids.length === 0
        ? "Keep at least one game bot; add the new one before removing the last."
        : problemOf({ gameBotIds: ids });
    setBotsError(problem);
    if (!problem) edit.mutate({ gameBotIds: ids });
  };

  const saveHours = () => {
    const value = Number(hours);
    const problem = Number.isInteger(value)
      ? problemOf({ antiPoolShow: { windowHours: value } })
      : "Whole hours, 1 to 720.";
    setHoursError(problem ? `Anti-pool window ${problem}` : null);
    if (!problem && value !== settings.antiPoolShow.windowHours)
      edit.mutate({ antiPoolShow: { windowHours: value } });
  };

  const shownImage = settings.heist_image ? previewImage(settings.heistImageUrl) : null;

  return (
    <Card
      title="Game Helpers"
      description="What the heist, event and anti-pool helpers use."
      icon={<TargetIcon />}
    >
      <div className="space-y-5">
        <Field
          label="Heist image link"
          error={imageError}
          hint="Shown on /heist announce while Heist Image is on. Setting a link turns it on; clearing it turns it off. PNG, JPG, GIF or WebP."
        >
          {(control) => (
            <input
              {...control}
              type="url"
              className={inputClass}
              autoComplete="off"
              placeholder="https://…/heist.png"
              value={image}
              onChange={(event) => {
                setImage(event.target.value);
                setImageError(null);
              }}
              onBlur={saveImage}
              onKeyDown={commitOnEnter}
            />
          )}
        </Field>
        {shownImage && "src" in shownImage ? (
          <img
            src={shownImage.src}
            alt="The heist image, as announcements show it"
            className="max-h-32 rounded-lg border border-white/10 object-contain"
          />
        ) : shownImage ? (
          <p className="text-sm text-stone-400">
            The image comes from {shownImage.host}; Discord shows it in the announcement (the dashboard loads
            images only from Discord and this site).
          </p>
        ) : null}
        <GameBotsField
          serverId={serverId}
          ids={settings.gameBotIds}
          error={botsError}
          busy={edit.isPending}
          onChange={saveBots}
        />
        <Field
          label="Anti-pool window (hours)"
          error={hoursError}
          hint="With Anti-Pool Protection on, a member wins at most one event per this many hours unless the pool manager approves."
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={720}
              step={1}
              className={`${inputClass} max-w-40`}
              value={hours}
              onChange={(event) => {
                setHours(event.target.value);
                setHoursError(null);
              }}
              onBlur={saveHours}
              onKeyDown={commitOnEnter}
            />
          )}
        </Field>
      </div>
    </Card>
  );
}

/**
 * The game bots: each listed with its avatar and name and a remove button, and a picker offering the
 * server's other bots. A bot no longer on the server is still listed (and can be removed).
 */
function GameBotsField({
  serverId,
  ids,
  error,
  busy,
  onChange,
}: {
  serverId: string;
  ids: readonly string[];
  error: string | null;
  busy: boolean;
  onChange: (ids: string[]) => void;
}) {
  const known = useQuery(membersByIdQuery(serverId, ids));
  // The picker starts afresh after each add (its input empties); focus stays in it for the next.
  const [round, setRound] = useState(0);
  const pickerBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (round > 0) pickerBox.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, [round]);

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-stone-200" id="game-bots-label">
        Game bots
      </p>
      <ul aria-labelledby="game-bots-label" className="flex flex-wrap gap-2">
        {ids.map((id) => {
          const bot = known.data?.find((member) => member.id === id) ?? unknownMember(id);
          const name = known.isPending ? id : bot.displayName;
          return (
            <li
              key={id}
              className="flex items-center gap-2 rounded-full border border-white/10 bg-white/[0.04] py-1 pr-1 pl-2 text-sm text-stone-100"
            >
              <MemberAvatar member={bot} />
              <span>{name}</span>
              {!known.isPending && <span className="text-xs text-stone-400">@{bot.username}</span>}
              <button
                type="button"
                disabled={busy}
                aria-label={`Remove ${name}`}
                onClick={() => onChange(ids.filter((other) => other !== id))}
                className="flex size-6 items-center justify-center rounded-full text-stone-400 hover:bg-white/10 hover:text-stone-100 disabled:opacity-50"
              >
                <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3">
                  <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
                </svg>
              </button>
            </li>
          );
        })}
      </ul>
      <div ref={pickerBox}>
        <MemberPicker
          key={round}
          label="Add a game bot"
          value={null}
          bots="only"
          exclude={new Set(ids)}
          error={error}
          placeholder="Search the server's bots, or paste a bot's user ID…"
          hint="The bots whose in-chat events the Event helper answers. Dank Memer by default. Saved as soon as you add or remove one."
          onChange={(id) => {
            if (id === null) return;
            onChange([...ids, id]);
            setRound((n) => n + 1);
          }}
        />
      </div>
    </div>
  );
}
