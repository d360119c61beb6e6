import { type WelcomeConfig, welcomeLimits } from "@hearth/core";
import { SubHeading } from "../shared/card";
import type { FieldErrors } from "../shared/errors";
import { Field, inputClass } from "../shared/form-controls";
import { MarkupTextarea } from "../shared/pickers/markup-textarea";
import { Switch } from "../shared/switch";
import { ColorField } from "./color-field";

type Embed = WelcomeConfig["embed"];
type WelcomeButton = WelcomeConfig["button"];

/** The welcome embed's fields: title, description, colour, thumbnail, footer and timestamp. */
export function EmbedFields({
  embed,
  errors,
  setEmbed,
}: {
  embed: Embed;
  errors: FieldErrors;
  setEmbed: (patch: Partial<Embed>) => void;
}) {
  return (
    <div className="space-y-4 border-t border-white/[0.06] pt-5">
      <SubHeading>Embed</SubHeading>
      <Field
        label="Title"
        error={errors["embed.title"]}
        aside={`${embed.title.length}/${welcomeLimits.title}`}
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            maxLength={welcomeLimits.title}
            value={embed.title}
            onChange={(event) => setEmbed({ title: event.target.value })}
          />
        )}
      </Field>
      <MarkupTextarea
        label="Description"
        error={errors["embed.description"]}
        hint="Tags like {user.mention} and {server.memberCount.ordinal} are filled in for each member. Type # for a channel, @ for a member or role."
        rows={4}
        maxLength={welcomeLimits.description}
        value={embed.description}
        onChange={(description) => setEmbed({ description })}
      />
      <ColorField
        value={embed.color}
        error={errors["embed.color"]}
        onChange={(color) => setEmbed({ color })}
      />
      <Field
        label="Thumbnail"
        error={errors["embed.thumbnail"]}
        hint="An image URL, {user.avatar} or {server.icon}."
      >
        {(control) => (
          <input
            {...control}
            className={inputClass}
            value={embed.thumbnail}
            onChange={(event) => setEmbed({ thumbnail: event.target.value })}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Footer text" error={errors["embed.footer.text"]}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              maxLength={welcomeLimits.footerText}
              value={embed.footer.text}
              onChange={(event) => setEmbed({ footer: { ...embed.footer, text: event.target.value } })}
            />
          )}
        </Field>
        <Field label="Footer icon" error={errors["embed.footer.iconURL"]}>
          {(control) => (
            <input
              {...control}
              className={inputClass}
              placeholder="{server.icon}"
              value={embed.footer.iconURL}
              onChange={(event) => setEmbed({ footer: { ...embed.footer, iconURL: event.target.value } })}
            />
          )}
        </Field>
      </div>
      <Switch
        label="Timestamp"
        description="Shows when the member joined."
        checked={embed.timestamp}
        onChange={(timestamp) => setEmbed({ timestamp })}
      />
    </div>
  );
}

/** The optional wave button under the welcome message. */
export function ButtonFields({
  button,
  errors,
  setButton,
}: {
  button: WelcomeButton;
  errors: FieldErrors;
  setButton: (patch: Partial<WelcomeButton>) => void;
}) {
  return (
    <div className="space-y-4 border-t border-white/[0.06] pt-5">
      <SubHeading>Button</SubHeading>
      <Switch
        label="Wave button"
        description="Members click it to wave at the newcomer."
        checked={button.enabled}
        onChange={(enabled) => setButton({ enabled })}
      />
      {button.enabled && (
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field label="Label" error={errors["button.label"]}>
            {(control) => (
              <input
                {...control}
                className={inputClass}
                maxLength={welcomeLimits.buttonLabel}
                value={button.label}
                onChange={(event) => setButton({ label: event.target.value })}
              />
            )}
          </Field>
          <Field label="Emoji" error={errors["button.emoji"]}>
            {(control) => (
              <input
                {...control}
                className={inputClass}
                value={button.emoji}
                onChange={(event) => setButton({ emoji: event.target.value })}
              />
            )}
          </Field>
        </div>
      )}
    </div>
  );
}
