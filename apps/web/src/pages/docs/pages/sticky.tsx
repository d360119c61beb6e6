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
      <DocsHeader lead="A sticky message stays at the bottom of a channel: after a set number of new messages Hearth posts it again and deletes the old copy, so rules or instructions are always the last thing people see." />

      <DocsSection id="how" title="How it works">
        <Steps
          steps={[
            {
              title: "Set it",
              body: (
                <>
                  <C>/sticky set channel:#trading message:…</C> posts the message.
                </>
              ),
            },
            { title: "Members talk", body: <>Hearth counts new messages in the channel.</> },
            {
              title: "It moves down",
              body: (
                <>
                  After <C>trigger_count</C> messages (default 10) Hearth reposts it at the bottom and deletes
                  the previous copy.
                </>
              ),
            },
          ]}
        />
        <Callout tone="info">
          A burst of messages causes one repost, not many: Hearth waits for the channel to settle before
          reposting.
        </Callout>
      </DocsSection>

      <DocsSection id="commands" title="Commands" intro="Setting and removing need Manage Messages.">
        <CommandTable caption="Sticky message commands" prefixes={["sticky"]} />
      </DocsSection>

      <DocsSection id="trigger-count" title="Choosing the trigger count">
        <DataTable
          caption="Recommended trigger counts"
          columns={["Channel", "Trigger count", "Why"]}
          rows={[
            ["Very active (general chat, trading)", "10–15", "Fewer reposts while the channel moves fast."],
            ["Moderately active", "8–12", "Stays visible without spamming."],
            ["Quiet (support, applications)", "5–8", "Keeps the message close to the bottom."],
          ]}
        />
      </DocsSection>

      <DocsSection id="rules" title="Rules and limits">
        <CardGrid>
          <InfoCard title="One per channel">
            Setting a new sticky message in a channel replaces the old one.
          </InfoCard>
          <InfoCard title="Permissions">
            Hearth needs Send Messages and Manage Messages in the channel (and Manage Channels for
            channel-wide handling).
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="tips" title="Tips">
        <Bullets
          items={[
            "Keep sticky messages short; two or three lines get read.",
            "Link to a rules channel instead of repeating long rules.",
            "Remove stickies you no longer need so they don't become noise.",
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "The message isn't reposted",
              fixes: [
                "Check the trigger count with /sticky list.",
                "Hearth needs Send Messages in the channel.",
              ],
            },
            { problem: "Old copies aren't deleted", fixes: ["Hearth needs Manage Messages in the channel."] },
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Pin it to the bottom"
        command="/sticky set channel:#general message:Be kind! trigger_count:10"
        primary={{ to: "/commands?q=sticky", label: "Sticky commands" }}
        secondary={{ to: "/docs/embeds", label: "Embed Builder" }}
      >
        One command per channel.
      </DocsCta>
    </DocsArticle>
  );
}
