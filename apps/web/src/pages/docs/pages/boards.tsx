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
      <DocsHeader lead="Boards collect your community's best (or funniest) messages: when a message gets enough of a chosen reaction, Hearth posts it to the board channel. Starboard, skullboard or any emoji you like." />

      <DocsSection id="types" title="Board types">
        <CardGrid columns={3}>
          <InfoCard title="Starboard" tag="star">
            The classic: great messages voted up by the community.
          </InfoCard>
          <InfoCard title="Skullboard" tag="skull">
            For the messages that made everyone cringe or laugh.
          </InfoCard>
          <InfoCard title="Custom" tag="any emoji">
            Any emoji, including your server's own, for art, clips or memes.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="how" title="How a message reaches a board">
        <Steps
          steps={[
            {
              title: "Members react",
              body: (
                <>
                  Reactions with the board's emoji are counted (the author's own only if self-reactions are
                  allowed).
                </>
              ),
            },
            {
              title: "Threshold reached",
              body: (
                <>
                  At the minimum reaction count (1–100) Hearth posts an embed with the author, content, image,
                  a jump link and the count — once.
                </>
              ),
            },
            {
              title: "Count follows",
              body: (
                <>
                  The count on the board post is updated as reactions change; if it falls below the threshold
                  the post can be removed.
                </>
              ),
            },
          ]}
        />
        <Callout tone="info" title="Age-restricted channels">
          A message from an age-restricted channel never reaches a board whose channel isn't age-restricted.
        </Callout>
      </DocsSection>

      <DocsSection id="settings" title="Board settings">
        <DataTable
          caption="Board settings"
          columns={["Setting", "Values", "Default"]}
          rows={[
            ["Name", "Up to 50 characters", "—"],
            ["Emoji", "Any emoji", "—"],
            ["Channel", "A text channel", "—"],
            ["Minimum reactions", "1 to 100", "3"],
            ["Self-reactions", "Allowed or not", "Not allowed"],
            ["Bot messages", "Allowed or not", "Not allowed"],
            ["Status", "Enabled or disabled", "Enabled"],
          ]}
        />
      </DocsSection>

      <DocsSection
        id="commands"
        title="Commands"
        intro={
          <>
            List, stats, check, top (10 by default) and recent (last 24 hours by default) are open to
            everyone; create, edit, delete and cleanup need Manage Server.
          </>
        }
      >
        <CommandTable caption="Board commands" prefixes={["boards"]} />
        <Callout tone="danger" title="Deleting is permanent">
          <C>/boards delete</C> asks for confirmation, then removes the board and every message stored for it.
        </Callout>
      </DocsSection>

      <DocsSection id="tips" title="Tips">
        <Bullets
          items={[
            "Start with 3–5 reactions on small servers and raise it as you grow.",
            "Run /boards cleanup now and then to remove posts whose original was deleted.",
            "Disable a board instead of deleting it if you might want it back.",
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "Messages aren't posted to the board",
              fixes: [
                "The board channel may be deleted or Hearth can't send there.",
                "Check the board is enabled and the threshold isn't too high.",
                "Hearth needs Read Message History and Add Reactions.",
              ],
            },
            {
              problem: "Board posts point to deleted messages",
              fixes: ["Run /boards cleanup to remove orphaned posts."],
            },
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Create your first board"
        command="/boards create name:starboard emoji:⭐ channel:#starboard"
        primary={{ to: "/commands?q=boards", label: "Board commands" }}
        secondary={{ to: "/docs/perks", label: "Perks" }}
      >
        Pick an emoji, a channel and a threshold.
      </DocsCta>
    </DocsArticle>
  );
}
