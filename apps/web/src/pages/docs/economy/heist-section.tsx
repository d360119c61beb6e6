import { Bullets, C, DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

/** Heist announcements and the heist image. */
export function HeistSection() {
  return (
    <DocsSection
      id="heist"
      title="Heist announcements and the heist image"
      intro={
        <>
          Event managers announce heists with <C>/heist announce</C>: when it starts, the bank amount and what
          members need. The events ping role is pinged and, with the <strong>Heist image</strong> switch on,
          the server's heist image is shown.
        </>
      }
    >
      <CommandTable caption="Heist command" prefixes={["heist"]} />
      <div className="mt-6">
        <Bullets
          items={[
            <>
              <strong>time</strong>: a delay (<C>30m</C>, <C>1h30m</C>, <C>in 2h</C>), a Discord timestamp (
              <C>{"<t:1767225600:R>"}</C>), Unix seconds, or a UTC date and time (<C>2026-07-04 20:00</C>). It
              must be in the future and at most 30 days away; the announcement shows it as a live countdown
              and a date.
            </>,
            <>
              <strong>amount</strong>: as grinders type it (<C>25m</C>, <C>1.5b</C>, <C>2,500,000</C>), shown
              in full and abbreviated. <strong>requirements</strong> (up to 1,000 characters) default to
              “None: everyone can join.”
            </>,
            <>
              Pings Setup's events ping role and nothing else (no @everyone, no members). Who may use it:
              Manage Server, or the event manager role from Setup. Each announcement is audited.
            </>,
            <>
              The image: the <strong>Heist image link</strong> field on the Settings tab, or{" "}
              <C>/settings feature:heist_image image_link:https://…</C> (<C>image_link:none</C> clears it).
              Links are checked like embed images: http or https, PNG, JPG, GIF or WebP. Setting a link
              switches Heist image on and clearing it switches it off; the switch alone hides a link you keep
              for later. In the API the switch stays <C>heist_image</C> (a boolean, as before) and the link is{" "}
              <C>heistImageUrl</C>.
            </>,
          ]}
        />
      </div>
    </DocsSection>
  );
}
