import { Bullets, C, Callout, DataTable, DocsSection } from "../ui/blocks";

/** The builder's controls, and how tags, links and mentions behave in it. */
export function EditorSection() {
  return (
    <DocsSection id="editor" title="Editor capabilities">
      <p className="docs-prose">
        The builder is visible only to you, and only you can use its controls. Each button opens a form filled
        in with the current values; submit it and the preview changes.
      </p>
      <DataTable
        caption="Builder controls"
        columns={["Control", "What it does"]}
        rows={[
          ["Title & text", "Title, description (Markdown works) and the title's link."],
          ["Author", "Name, icon URL and link."],
          ["Footer", "Text and icon URL."],
          [
            "Colour",
            <>
              The side colour as <C>#RRGGBB</C> (e.g. <C>#F97316</C>); leave it empty for none.
            </>,
          ],
          [
            "Images",
            "A thumbnail (small, top right) and a large image, as web links to PNG, JPG, GIF or WebP files.",
          ],
          ["Add field", "A name, a value, and whether it sits side by side with others."],
          [
            "Edit or remove a field",
            <>
              Pick the field in the menu; type <C>REMOVE</C> in its form to delete it.
            </>,
          ],
          ["Timestamp", "Shows the time the embed is sent, in each reader's time zone."],
          [
            "Link buttons",
            <>
              A form with five lines, one per button, written <C>Label | https://link | emoji</C> (the emoji
              is optional), e.g. <C>Website | https://example.com | 🌐</C>. Fill a line to add a button,
              change it to edit it, empty it to remove it. The builder lists the buttons above the preview.
            </>,
          ],
          ["Load a template", "Replaces the draft with a saved or built-in template."],
          [
            "Save as template",
            "Keeps the embed for the server under a name; answer yes to replace one of the same name.",
          ],
          ["Export JSON", "Answers privately with the embed as JSON in a code block."],
          ["Import JSON", "Paste JSON (up to 4,000 characters) to replace the draft."],
          [
            "Send / Update message",
            "Send asks for the channel (#name, a mention or an ID) and optional text above the embed. In an edit, Update message changes the original.",
          ],
          ["Close", "Discards the draft."],
        ]}
      />
      <Bullets
        items={[
          <>
            Tags such as <C>{"{server.name}"}</C>, <C>{"{server.memberCount}"}</C> and{" "}
            <C>{"{user.mention}"}</C> work in every text, and the preview shows them filled in for you. When
            the embed is sent, <C>user</C> is the member who sends it.
          </>,
          <>
            A link may also be a tag that gives one: <C>{"{user.avatar}"}</C> or <C>{"{server.icon}"}</C>.
            When it gives nothing (a server without an icon), that image is left out.
          </>,
          <>
            Link buttons take tags too: <C>{"Join {server.name}"}</C> as a label, or a tag that gives a link.
            A button whose link tag gives nothing is refused when sending, naming the button.
          </>,
          "A tag Hearth doesn't know is refused with the closest known one (“did you mean {user.mention}?”).",
          "In the text above the embed, mentions of members ping them; role mentions, @everyone and @here ping only when you have Mention Everyone in that channel. Mentions inside an embed never ping (Discord's rule).",
        ]}
      />
    </DocsSection>
  );
}

/** Discord's limits, as Hearth enforces them. */
export function LimitsSection() {
  return (
    <DocsSection
      id="limits"
      title="Technical limits"
      intro="Hearth enforces Discord's own limits and names the one you hit, with your text's length."
    >
      <DataTable
        caption="Embed limits"
        columns={["Part", "Limit"]}
        rows={[
          ["Title", "256 characters"],
          ["Description", "4,096 characters (4,000 from the form: Discord's limit for a form field)"],
          ["Fields", "25 per embed"],
          ["Field name / value", "256 / 1,024 characters"],
          ["Footer text", "2,048 characters"],
          ["Author name", "256 characters"],
          ["Whole embed", "6,000 characters in total (title, description, fields, footer, author)"],
          ["Colour", "#RRGGBB"],
          ["Links", "Web addresses starting with http:// or https://"],
          [
            "Images and icons",
            "PNG, JPG, GIF or WebP: a link whose file name ends in another extension (.svg, .bmp, .mp4…) is refused; a link without an extension is accepted, since only the file itself can tell",
          ],
          [
            "Editing a message with several embeds",
            "6,000 characters across all of the message's embeds (Discord's rule)",
          ],
          ["Text above the embed", "2,000 characters"],
          ["Link buttons", "5 per message, in one row (Discord's most per row)"],
          ["Link button label", "1 to 80 characters (required)"],
          ["Link button link", "512 characters, starting with http:// or https://"],
          ["Link button emoji", "Optional: one emoji (🎉) or a custom emoji written <:name:id>"],
          [
            "Rows of buttons and menus",
            "5 per message (Discord's rule): editing a message that already has five other rows can't add link buttons",
          ],
          ["Template import", "1 MB of JSON (1,048,576 bytes)"],
          ["Saved templates", "50 per server, names up to 50 characters"],
          ["Drafts", "Kept 24 hours after the last change"],
        ]}
      />
      <Callout tone="info" title="Why these numbers">
        Older Hearth guides quoted a 156-character title, a 128-character footer and a 4,096-character total.
        Those don't match Discord; Hearth uses Discord's real limits shown above. Limits are checked on the
        text as you write it and again with the tags filled in when it's sent, since a tag like{" "}
        <C>{"{server.description}"}</C> can make it longer.
      </Callout>
    </DocsSection>
  );
}
