import { type ServerSettings, settingsEditBody } from "@hearth/core";
import { type KeyboardEvent, useEffect, useState } from "react";
import { Card } from "../shared/card";
import { Field, inputClass } from "../shared/form-controls";
import { TargetIcon } from "../shared/icons";
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

/** Parses the game bot field: ids or mentions, separated by spaces or commas. */
export function parseBotIds(text: string): string[] {
  return [...text.matchAll(/\d{17,20}/g)].map((match) => match[0]);
}

/**
 * The fields behind the game helpers: the heist image link (set or cleared; checked like embed
 * images), the game bots whose events the Event helper answers, and anti-pool's window. Each saves on
 * blur or Enter, like the other Settings fields.
 */
export function GameHelpersCard({ settings, serverId }: { settings: ServerSettings; serverId: string }) {
  const edit = useEditSettings(serverId);
  const [image, setImage] = useState(settings.heistImageUrl ?? "");
  const [imageError, setImageError] = useState<string | null>(null);
  const [bots, setBots] = useState(settings.gameBotIds.join(", "));
  const [botsError, setBotsError] = useState<string | null>(null);
  const [hours, setHours] = useState(String(settings.antiPoolShow.windowHours));
  const [hoursError, setHoursError] = useState<string | null>(null);

  useEffect(() => setImage(settings.heistImageUrl ?? ""), [settings.heistImageUrl]);
  const savedBots = settings.gameBotIds.join(", ");
  useUnsavedChanges(
    !edit.isPending &&
      (image.trim() !== (settings.heistImageUrl ?? "") ||
        bots.trim() !== savedBots ||
        hours.trim() !== String(settings.antiPoolShow.windowHours)),
  );
  useEffect(() => setBots(savedBots), [savedBots]);
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

  const saveBots = () => {
    const ids = parseBotIds(bots);
    const problem =
      ids.length === 0 ? "Name at least one bot (its user ID)." : problemOf({ gameBotIds: ids });
    setBotsError(problem);
    if (problem) return;
    const unique = [...new Set(ids)];
    setBots(unique.join(", "));
    if (unique.join(", ") !== savedBots) edit.mutate({ gameBotIds: unique });
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
        <Field
          label="Game bot IDs"
          error={botsError}
          hint="The bots whose in-chat events the Event helper answers, separated by commas. Dank Memer (270904126974590976) by default."
        >
          {(control) => (
            <input
              {...control}
              className={inputClass}
              autoComplete="off"
              inputMode="numeric"
              value={bots}
              onChange={(event) => {
                setBots(event.target.value);
                setBotsError(null);
              }}
              onBlur={saveBots}
              onKeyDown={commitOnEnter}
            />
          )}
        </Field>
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
