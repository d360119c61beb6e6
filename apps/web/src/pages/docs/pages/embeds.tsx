import { embedStarters } from "@hearth/core";
import { EditorSection, LimitsSection } from "../embeds/reference-sections";
import {
  Bullets,
  C,
  Callout,
  CardGrid,
  DataTable,
  DocsArticle,
  DocsCta,
  DocsHeader,
  DocsSection,
  InfoCard,
  Steps,
  Troubleshooting,
} from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader
        lead={
          <>
            Build rich embeds inside Discord with an editor of buttons and forms and a live preview, start
            from saved or built-in templates, and post or update them anywhere. It all starts with{" "}
            <C>/embed create</C>.
          </>
        }
      />

      <DocsSection id="features" title="Core features">
        <CardGrid columns={3}>
          <InfoCard title="Live preview">
            The builder is a private message showing the embed itself; every change updates it in place.
          </InfoCard>
          <InfoCard title="Templates">
            Save an embed as a template for the server, or start from one of the built-in ones.
          </InfoCard>
          <InfoCard title="Edit in place">
            Open an embed Hearth already posted and update it without reposting it.
          </InfoCard>
          <InfoCard title="Import and export">
            Copy an embed out as JSON and bring it back, here or on another server.
          </InfoCard>
          <InfoCard title="Template tags">
            <C>{"{server.name}"}</C>, <C>{"{user.mention}"}</C> and the other welcome tags are filled in when
            the embed is sent.
          </InfoCard>
          <InfoCard title="Link buttons">
            Up to five buttons under the embed that open web pages, each with a label and an optional emoji.
          </InfoCard>
          <InfoCard title="Nothing is lost">
            Drafts are saved as you go and survive a bot restart for 24 hours after your last change.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection
        id="commands"
        title="User commands"
        intro="Creating and editing need Manage Messages; anyone can list the templates, and members with Manage Messages can delete them from that list."
      >
        <CommandTable caption="Embed commands" prefixes={["embed"]} />
        <Bullets
          items={[
            <>
              <C>/embed create</C> opens a builder on a starter embed; <C>template:</C> starts from a saved or
              built-in template (by name, any case; the server's own come first); <C>file:</C> starts from an
              uploaded JSON file.
            </>,
            <>
              <C>/embed edit message_id:</C> opens an embed Hearth posted (give <C>channel:</C> when it's in
              another channel). Messages from anyone else, or without an embed, are refused. Its text, its
              other embeds and its other rows of buttons and menus (a self-role panel's, say) are kept as they
              are. Its row of link buttons opens in the builder: Update message keeps them as they are, or as
              you changed them.
            </>,
            <>
              <C>/embed templates</C> lists the saved and built-in templates. With Manage Messages you also
              get a menu to delete a saved one, after a confirmation.
            </>,
          ]}
        />
      </DocsSection>

      <EditorSection />

      <DocsSection
        id="templates"
        title="Template categories"
        intro="Every server has these built-in templates; save your own next to them (up to 50 per server)."
      >
        <DataTable
          caption="Built-in templates"
          columns={["Template", "Category", "Use it for"]}
          rows={embedStarters.map((starter) => [
            <C key={starter.key}>{starter.key}</C>,
            starter.category,
            starter.description,
          ])}
        />
        <Bullets
          items={[
            "Saved template names are 1 to 50 characters and unique on the server, whatever their case (“Rules” and “rules” are the same name).",
            "A template is checked when it is saved (limits, colours, links and tags), so it always loads and sends.",
          ]}
        />
      </DocsSection>

      <DocsSection id="workflow" title="Creation workflow">
        <Steps
          steps={[
            {
              title: "Start",
              body: (
                <>
                  <C>/embed create</C>, <C>/embed create template:announcement</C> or{" "}
                  <C>/embed create file:</C> with a JSON file.
                </>
              ),
            },
            {
              title: "Edit",
              body: <>Use the builder's buttons and menus; the preview updates after each form.</>,
            },
            { title: "Save as template", body: <>Optional: keep it for next time.</> },
            {
              title: "Send",
              body: (
                <>
                  Name the channel; Hearth posts it and links to it. Later, <C>/embed edit</C> updates it in
                  place.
                </>
              ),
            },
          ]}
        />
        <Callout tone="tip" title="Import and export">
          Export answers with <C>{'{"version":1,"embed":{…}}'}</C>; link buttons are the embed's{" "}
          <C>{'"buttons": [{"label":"Website","url":"https://example.com","emoji":"🌐"}]'}</C> list, and files
          exported before link buttons existed import as they always did. Import takes that, a single embed
          object, or a message with an <C>embeds</C> list in Discord's own format (its first embed) whose{" "}
          <C>components</C> link buttons (style 5) come in too; other components (buttons that run an action,
          menus) are left out, and the answer says how many. The bot can't attach files to its answers, so a
          long export comes as up to five numbered code blocks: copy them one after another into one{" "}
          <C>.json</C> file and import it with <C>/embed create file:</C>.
        </Callout>
      </DocsSection>

      <LimitsSection />

      <DocsSection id="best-practices" title="Best practices">
        <Bullets
          items={[
            "Keep titles under a line on mobile.",
            "Use fields for short facts, the description for prose.",
            "Stick to a few brand colours, saved in templates.",
            "Test on your phone: embeds wrap differently there.",
            "Export important embeds as JSON to keep a copy outside Discord.",
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "'Colours are written #RRGGBB'",
              fixes: [
                <>
                  Write six hex digits, e.g. <C>#5865F2</C> (<C>5865F2</C> works too).
                </>,
              ],
            },
            {
              problem: "A change wasn't saved",
              fixes: [
                "The answer names the limit you hit; the draft stays as it was.",
                "Press Fix it to reopen the form with what you typed.",
              ],
            },
            {
              problem: "An image doesn't show",
              fixes: [
                "Use a direct https:// link to a PNG, JPG, GIF or WebP file. Hearth checks the link and the file's extension, not the file: Discord fetches it and leaves out anything it can't show (keep files under 8 MB).",
                <>
                  A tag link (<C>{"{server.icon}"}</C>) is left out when it gives nothing.
                </>,
              ],
            },
            {
              problem: "The embed is too long",
              fixes: [
                "The total of all text must stay under 6,000 characters; move text into a second embed.",
                "With tags, the filled-in text counts: shorten the text around long tags.",
              ],
            },
            {
              problem: "'This embed builder has expired'",
              fixes: [
                "Drafts are kept 24 hours after their last change. Start again with /embed create, or save templates as you go.",
              ],
            },
            {
              problem: "'You can't post in #channel yourself'",
              fixes: [
                "Hearth only posts where you could post yourself. Pick another channel or ask an admin.",
              ],
            },
            {
              problem: "/embed edit refuses a message",
              fixes: [
                "Only messages Hearth posted, with an embed, can be edited.",
                "Copy the message ID (Developer Mode → right-click → Copy Message ID) and give channel: when it's elsewhere.",
              ],
            },
            {
              problem: "A link button is refused",
              fixes: [
                "Write each line as Label | https://link | emoji; the link must start with http:// or https://.",
                "Labels are 80 characters at most and links 512; the emoji is one emoji or a custom one written <:name:id>, not :name:.",
              ],
            },
            {
              problem: "An import is refused",
              fixes: [
                "The answer names the part that's wrong, e.g. 'fields[0].value must be text'.",
                "Files over 1 MB are refused; export from the builder to see the expected format.",
              ],
            },
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Build your first embed"
        command="/embed create"
        primary={{ to: "/commands?q=embed", label: "Embed commands" }}
        secondary={{ to: "/docs/welcome", label: "Template tags" }}
      >
        Open the builder and watch the preview as you go.
      </DocsCta>
    </DocsArticle>
  );
}
