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
          <InfoCard title="Starboard" tag="⭐ by default">
            The classic: great messages voted up by the community.
          </InfoCard>
          <InfoCard title="Skullboard" tag="💀 by default">
            For the messages that made everyone cringe or laugh.
          </InfoCard>
          <InfoCard title="Custom" tag="any emoji">
            Any unicode emoji, or one of your server's own custom emojis, for art, clips or memes.
          </InfoCard>
        </CardGrid>
        <p className="mt-4 max-w-3xl text-stone-300">
          Without a <C>type</C>, a board with ⭐ is a starboard, one with 💀 a skullboard and any other emoji
          makes a custom board. The type sets the colour of the board's posts.
        </p>
      </DocsSection>

      <DocsSection id="how" title="How a message reaches a board">
        <Steps
          steps={[
            {
              title: "Members react",
              body: (
                <>
                  Reactions with the board's emoji are counted, one per member. The author's own reaction
                  counts only if self-reactions are allowed; messages from bots and webhooks count only if bot
                  messages are allowed. Reactions in the board channel, on board posts and Hearth's own never
                  count. Reactions added before Hearth saw a message are read from Discord the first time
                  someone reacts to it. ⭐ and ⭐️ (with the variation selector some keyboards add) are the
                  same emoji, and a custom emoji is recognised by its ID, so renaming it doesn't break the
                  board.
                </>
              ),
            },
            {
              title: "Threshold reached",
              body: (
                <>
                  At the minimum reaction count (1–100) Hearth posts the message to the board channel, once:
                  the count and emoji with the original channel (<C>⭐ 5 · #general</C>), and an embed with
                  the author's name and avatar, the text, the first image attachment, the time, a jump link
                  and a <strong>Jump to message</strong> button.
                </>
              ),
            },
            {
              title: "Count follows",
              body: (
                <>
                  The count on the board post is edited as reactions come and go. When it falls below the
                  threshold the post is deleted (and posted again if it climbs back), unless the board is set
                  to keep posts below the threshold, in which case the post stays with the lower count.
                </>
              ),
            },
          ]}
        />
        <Callout tone="info" title="Age-restricted channels">
          A message from an age-restricted channel (or from a thread of one) never reaches a board whose
          channel isn't age-restricted. Both channels are checked again at every count, so marking the source
          channel age-restricted later, or unmarking the board channel, takes the post down at the message's
          next reaction.
        </Callout>
        <Callout tone="tip" title="Posted exactly once">
          A burst of reactions arriving at the same moment still makes one post with the final count: each
          member's reaction is stored once, and the right to post (and to edit the post) is claimed in the
          database, so even several Hearth processes never post the same message twice or leave an old count
          on it.
        </Callout>
      </DocsSection>

      <DocsSection id="settings" title="Board settings">
        <DataTable
          caption="Board settings"
          columns={["Setting", "Values", "Default"]}
          rows={[
            ["Name", "Up to 50 characters, unique in the server (not case-sensitive)", "—"],
            ["Emoji", "A unicode emoji or one of this server's custom emojis", "—"],
            [
              "Channel",
              "A text or announcement channel where Hearth can view, send messages and embed links",
              "—",
            ],
            ["Minimum reactions", "1 to 100", "3"],
            ["Type", "Starboard, skullboard or custom", "From the emoji"],
            ["Self-reactions", "Counted or not", "Not counted"],
            ["Bot messages", "Messages from bots and webhooks allowed or not", "Not allowed"],
            ["Remove below threshold", "Delete the post, or keep it with the lower count", "Delete"],
            ["Status", "Enabled or disabled", "Enabled"],
          ]}
        />
        <Bullets
          items={[
            "A server can have up to 25 boards.",
            "Two boards can't post the same emoji to the same channel.",
            "Changed rules (threshold, self-reactions, bot messages) apply to each message at its next reaction.",
            "A new emoji counts from that emoji's reactions, read from Discord at a message's next reaction.",
            "A post's text is cut to fit Discord's limit of 4,096 characters for an embed description.",
          ]}
        />
      </DocsSection>

      <DocsSection id="events" title="When things change">
        <DataTable
          caption="What Hearth does when messages, posts or channels change"
          columns={["What happens", "What Hearth does"]}
          rows={[
            ["The original message is deleted", "Deletes its board posts and forgets the message."],
            [
              "The original message is edited",
              "Edits its board posts to the new text and image; the count stays.",
            ],
            [
              "A moderator deletes a board post",
              "The message stays off that board for good, however many reactions it gets.",
            ],
            [
              "A moderator clears the reactions",
              "Recounts (zero), so the post is deleted or shows the new count.",
            ],
            [
              "The board channel is deleted",
              "Disables the board and shows why in /boards list; give it a new channel with /boards edit and it is enabled again.",
            ],
            [
              "Hearth can't post or edit in the board channel",
              "Disables the board with the reason; fix the channel's permissions and enable it with /boards edit.",
            ],
            [
              "A board is disabled",
              "Its reactions are ignored; posts already on the board stay as they are.",
            ],
            ["A source channel is deleted", "Deletes the board posts of its messages."],
          ]}
        />
      </DocsSection>

      <DocsSection
        id="commands"
        title="Commands"
        intro={
          <>
            List, stats, check, top and recent are open to everyone; create, edit, delete and cleanup need
            Manage Server (Administrator also works).
          </>
        }
      >
        <CommandTable caption="Board commands" prefixes={["boards"]} />
        <DataTable
          caption="What each command shows"
          columns={["Command", "Details"]}
          rows={[
            [
              <C key="c">/boards list</C>,
              "Every board with its emoji, channel, threshold, type, rules and status.",
            ],
            [
              <C key="c">/boards stats</C>,
              "Per board: messages on the board now, messages with reactions, reactions counted and the top three authors.",
            ],
            [
              <C key="c">/boards check</C>,
              "A message's count per board and why it is or isn't on it (needs more reactions, bot message, age-restricted, post deleted by a moderator…). Takes a message ID or a link to a message in this server; add channel (of this server) for a message no board has counted yet.",
            ],
            [
              <C key="c">/boards top</C>,
              "The messages on the board with the most reactions: 10 by default, 1 to 25. Without board, all boards. Lines that don't fit in one message (Discord's 4,096-character limit) are left out and counted in the footer.",
            ],
            [
              <C key="c">/boards recent</C>,
              "Messages posted to the board in the last 24 hours by default (1 to 168 hours); shows up to 15 (as many as fit in one message) and how many more.",
            ],
            [
              <C key="c">/boards edit</C>,
              "Changes the name, emoji, channel, threshold, type, self-reactions, bot messages, remove-below or status; answers with what changed.",
            ],
            [
              <C key="c">/boards cleanup</C>,
              "For after Hearth was offline: disables a board whose channel no longer exists (its messages can be posted again once you give it a new channel), deletes posts whose original was deleted, and marks posts someone deleted so their messages stay off. A message Discord won't show (no access) is left alone. Reports the counts.",
            ],
          ]}
        />
        <Callout tone="danger" title="Deleting is permanent">
          <C>/boards delete</C> asks for confirmation with buttons (only a member with Manage Server can
          confirm), then removes the board, every message stored for it and its posts in the board channel.
        </Callout>
      </DocsSection>

      <DocsSection id="permissions" title="Permissions Hearth needs">
        <Bullets
          items={[
            "In channels where members react: View Channel and Read Message History, to read the message and its reactions.",
            "In the board channel: View Channel, Send Messages and Embed Links (checked when you create or move a board).",
          ]}
        />
      </DocsSection>

      <DocsSection id="tips" title="Tips">
        <Bullets
          items={[
            "Start with 3–5 reactions on small servers and raise it as you grow.",
            "Run /boards cleanup now and then to remove posts whose original was deleted while Hearth was offline.",
            "Disable a board instead of deleting it if you might want it back.",
            "Use /boards check with a message link to see why a message isn't on the board.",
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "Messages aren't posted to the board",
              fixes: [
                "Run /boards list: a board whose channel is unavailable shows ⚠️ and the reason.",
                "Check the board is enabled and the threshold isn't too high.",
                "The author's own reaction and reactions on bot messages only count when the board allows them.",
                "Messages from age-restricted channels only reach boards in age-restricted channels.",
                "Hearth needs Read Message History where members react, and Send Messages and Embed Links in the board channel.",
              ],
            },
            {
              problem: "A message never comes back to the board",
              fixes: [
                "A moderator deleted its board post, which keeps it off that board. /boards check says so.",
              ],
            },
            {
              problem: "Channel unavailable",
              fixes: [
                "/boards list shows ⚠️ disabled with the reason: the board channel was deleted, or Hearth can't post in it.",
                "Give the board a new channel with /boards edit channel:…: it is enabled again.",
                "Or restore Hearth's View Channel, Send Messages and Embed Links there and run /boards edit enabled:true.",
                "If the channel was deleted while Hearth was offline, /boards cleanup finds it and disables the board.",
              ],
            },
            {
              problem: "Orphaned messages (board posts pointing to deleted messages)",
              fixes: [
                "Hearth deletes a post as soon as it hears its original was deleted.",
                "For originals deleted while Hearth was offline, run /boards cleanup: it deletes their posts and forgets them.",
              ],
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
