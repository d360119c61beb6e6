import { templateTagReference } from "@hearth/core/template/variables.ts";
import {
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
import { TemplatePlayground } from "../welcome/template-playground";

const groups = [
  { group: "user", title: "Member" },
  { group: "server", title: "Server" },
  { group: "special", title: "Special tags and suffixes" },
  { group: "functions", title: "Functions and conditions" },
] as const;

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Greet every new member with a message written for your server. Describe it in plain words, Hearth writes it and shows you a preview to save; fine-tune it with template tags; ping new members in the channels they should see first." />

      <DocsSection id="ai-setup" title="Write it with one sentence">
        <Steps
          steps={[
            {
              title: "Describe the welcome",
              body: (
                <>
                  <C>/welcome setup instructions:… channel:#welcome</C> — for example "Warm and short, mention
                  the member, point them to #rules and #roles, orange embed".
                </>
              ),
            },
            {
              title: "Hearth composes it",
              body: (
                <>
                  With an AI provider configured on this instance (any OpenAI-compatible endpoint, 15 seconds
                  to answer), a language model drafts the title, text, colour and button from your
                  instructions, your server's name and up to 10 of its custom emojis; without one, or when the
                  model fails, Hearth's built-in composer builds it from the same instructions (tone words,
                  colour names or #RRGGBB, channel mentions, a sentence in quotes, "no button", "no avatar",
                  "don't ping"), ending the text with one of your emojis (three if you ask for emojis, none on
                  "no emoji"). Either way the result is checked against the template language and the limits
                  before you can save it.
                </>
              ),
            },
            {
              title: "Preview, then save",
              body: (
                <>
                  Hearth answers privately with the welcome as it will look, rendered as if you had just
                  joined, and says who wrote it. <strong>Save</strong> turns welcome messages on in the
                  channel with this design; <strong>Try again</strong> writes another version (change the
                  instructions if you like); <strong>Edit text</strong> opens the title, description, colour,
                  footer and button label (empty: no button); <strong>Cancel</strong> keeps your current
                  welcome. Nothing is saved before Save, and a preview lasts one hour.
                </>
              ),
            },
            {
              title: "Test and adjust",
              body: (
                <>
                  <C>/welcome test</C> posts it as if you had just joined. Edit any part in the dashboard's
                  Greetings tab, with a live preview, or run setup again.
                </>
              ),
            },
          ]}
        />
      </DocsSection>

      <DocsSection
        id="commands"
        title="Commands"
        intro="Setup, test, toggle and ping channels need Manage Server; the guide is for everyone."
      >
        <CommandTable caption="Welcome commands" prefixes={["welcome"]} />
      </DocsSection>

      <DocsSection
        id="tags"
        title="Template tags"
        intro={
          <>
            Tags go in braces and are replaced when the message is sent. Names ignore case and underscores, so{" "}
            <C>{"{user.created_at}"}</C> and <C>{"{user.createdAt}"}</C> are the same. A tag Hearth doesn't
            know is left as written so you can spot the typo.
          </>
        }
      >
        <div className="space-y-6">
          {groups.map(({ group, title }) => (
            <div key={group}>
              <h3 className="mb-3 font-semibold text-stone-100">{title}</h3>
              <DataTable
                caption={`${title} tags`}
                columns={["Tag", "Meaning"]}
                rows={templateTagReference
                  .filter((entry) => entry.group === group)
                  .map((entry) => [<C key={entry.tag}>{entry.tag}</C>, entry.description])}
              />
            </div>
          ))}
        </div>
        <Callout tone="info" title="Literal braces">
          Write <C>\{"{"}</C> and <C>\{"}"}</C> to show a brace itself. There is no else: write the negated
          condition as a second tag, e.g. <C>{"{if(!server.description):…}"}</C>.
        </Callout>
      </DocsSection>

      <DocsSection
        id="playground"
        title="Try it"
        intro="Type a template; the preview uses the exact renderer the bot uses."
      >
        <TemplatePlayground />
      </DocsSection>

      <DocsSection id="ping" title="Ping on join">
        <p className="max-w-3xl leading-relaxed text-stone-300">
          Add channels with <C>/welcome ping_add</C>. When someone joins, Hearth mentions them in each channel
          (with your optional message) and deletes the ping a moment later, so they get a notification
          pointing there without leaving clutter. Hearth needs Send Messages and View Channel in each one; at
          least one channel must be configured for the feature to run.
        </p>
      </DocsSection>

      <DocsSection id="templates" title="Templates to start from">
        <CardGrid columns={3}>
          <InfoCard title="Friendly">
            Hey {"{user}"}, welcome to {"{server}"}! You're member #{"{memberCount}"}. Grab roles in #roles 🎉
          </InfoCard>
          <InfoCard title="Milestone">
            Welcome {"{user}"}, our {"{ordinal}"} member!
            {"{if(server.memberCount == 1000): 🎉 Member 1,000!}"}
          </InfoCard>
          <InfoCard title="Careful">
            Welcome {"{user}"}.
            {"{if(user.accountAge < 7): New accounts can post after verification in #verify.}"}
          </InfoCard>
        </CardGrid>
        <p className="mt-3 text-sm text-stone-400">The default embed colour is Discord Dark, #2F3136.</p>
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "Welcome messages aren't sent",
              fixes: [
                <>
                  The system may be off: run <C>/welcome toggle</C> or check the Greetings tab.
                </>,
                "Hearth needs Send Messages and Embed Links in the welcome channel.",
                "The channel may have been deleted; pick a new one.",
              ],
            },
            {
              problem: "Setup didn't change my welcome",
              fixes: [
                "Setup only shows a preview: press Save on it.",
                "A preview lasts an hour; after that run /welcome setup again.",
                "If the preview says the built-in composer wrote it, no AI model answered; use Try again or Edit text.",
              ],
            },
            {
              problem: "A tag shows up as written",
              fixes: [
                <>
                  It's misspelt or unsupported: check the tables above or run <C>/welcome guide</C>.
                </>,
                "The dashboard editor underlines unknown tags and suggests the closest one.",
              ],
            },
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Set up your welcome"
        command="/welcome setup instructions:Warm welcome, mention the member, point to #rules channel:#welcome"
        primary={{ to: "/commands?category=Communication", label: "Communication commands" }}
        secondary={{ to: "/docs/dashboard", label: "Edit in the dashboard" }}
      >
        One sentence and a channel is all it takes.
      </DocsCta>
    </DocsArticle>
  );
}
