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
            Build rich embeds inside Discord with a visual editor and a live preview, start from saved
            templates, and post or update them anywhere. It all starts with <C>/embed create</C>.
          </>
        }
      />

      <DocsSection id="features" title="Core features">
        <CardGrid columns={3}>
          <InfoCard title="Live preview">Every change shows at once in a private preview.</InfoCard>
          <InfoCard title="Templates">Save an embed as a template for the server and reuse it.</InfoCard>
          <InfoCard title="Edit in place">
            Update an embed Hearth already posted without reposting it.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection
        id="commands"
        title="Commands"
        intro="Creating and editing need Manage Messages; listing templates is open to all."
      >
        <CommandTable caption="Embed commands" prefixes={["embed"]} />
      </DocsSection>

      <DocsSection id="editor" title="Editor capabilities">
        <Bullets
          items={[
            "Title, description, URL and colour (#RRGGBB, e.g. #F97316).",
            "Author (name, icon, link), footer (text, icon) and timestamp.",
            "Thumbnail and large image.",
            "Up to 25 fields, each inline or full width.",
            <>
              Template tags such as <C>{"{server.name}"}</C> and <C>{"{server.memberCount}"}</C>, filled in
              when posted.
            </>,
            "Buttons from your interactive components.",
            "Import and export as JSON to move embeds between servers.",
          ]}
        />
      </DocsSection>

      <DocsSection id="templates" title="Template categories">
        <CardGrid columns={3}>
          <InfoCard title="Announcements">Updates, events and patch notes.</InfoCard>
          <InfoCard title="Rules and info">Rules, FAQs and role explanations.</InfoCard>
          <InfoCard title="Applications">Staff and grinder applications with a form button.</InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="workflow" title="Creation workflow">
        <Steps
          steps={[
            {
              title: "Start",
              body: (
                <>
                  <C>/embed create</C>, or <C>/embed create template:announcement</C>.
                </>
              ),
            },
            {
              title: "Edit",
              body: <>Use the editor's buttons to fill in each part; the preview updates live.</>,
            },
            { title: "Save as template", body: <>Optional: keep it for next time.</> },
            {
              title: "Post",
              body: (
                <>
                  Choose the channel; later, <C>/embed edit</C> updates it in place.
                </>
              ),
            },
          ]}
        />
      </DocsSection>

      <DocsSection
        id="limits"
        title="Technical limits"
        intro="Hearth enforces Discord's own limits and names the one you hit."
      >
        <DataTable
          caption="Embed limits"
          columns={["Part", "Limit"]}
          rows={[
            ["Title", "256 characters"],
            ["Description", "4,096 characters"],
            ["Fields", "25 per embed"],
            ["Field name / value", "256 / 1,024 characters"],
            ["Footer text", "2,048 characters"],
            ["Author name", "256 characters"],
            ["Whole embed", "6,000 characters in total"],
            ["Images", "PNG, JPG, GIF or WebP, up to 8 MB"],
            ["Template import file", "1 MB of JSON"],
          ]}
        />
        <Callout tone="info" title="Why these numbers">
          Older Hearth guides quoted a 156-character title, a 128-character footer and a 4,096-character
          total. Those were stricter than Discord; Hearth now uses Discord's real limits shown above.
        </Callout>
      </DocsSection>

      <DocsSection id="best-practices" title="Best practices">
        <Bullets
          items={[
            "Keep titles under a line on mobile.",
            "Use fields for short facts, the description for prose.",
            "Stick to a few brand colours, saved in templates.",
            "Test on your phone: embeds wrap differently there.",
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "'Colour must be #RRGGBB'",
              fixes: [
                <>
                  Write six hex digits with a hash: <C>#5865F2</C>.
                </>,
              ],
            },
            {
              problem: "An image doesn't show",
              fixes: ["Use a direct link to a PNG, JPG, GIF or WebP file.", "Keep it under 8 MB."],
            },
            {
              problem: "The embed is too long",
              fixes: [
                "The total of all text must stay under 6,000 characters; move text into a second embed.",
              ],
            },
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Build your first embed"
        command="/embed create"
        primary={{ to: "/commands?q=embed", label: "Embed commands" }}
        secondary={{ to: "/docs/components", label: "Add buttons" }}
      >
        Open the editor and watch the preview as you go.
      </DocsCta>
    </DocsArticle>
  );
}
