import { Bullets, C, Callout, CardGrid, DataTable, DocsSection, InfoCard } from "../ui/blocks";

const voteTags = [
  ["{USER_NAME}", "The voter's server nickname, else their display name", "Morgan"],
  ["{USER_MENTION}", "A mention of the voter (the only ping a notification can make)", "@Morgan"],
  ["{TOTAL_VOTES}", "The voter's all-time votes, weekend votes counting 2", "42"],
  ["{MONTHLY_VOTES}", "The voter's votes this month (UTC)", "7"],
  ["{SERVER_NAME}", "Your server's name, as it is when the vote arrives", "Ember Hollow"],
  ["{PLATFORM}", "The listing site the vote came from", "top.gg"],
  ["{VOTE_TIMESTAMP}", "When the vote was cast, in each reader's own time zone", "the time of the preview"],
] as const;

const designLimits = [
  ["Content line", "2,000 characters"],
  ["Title", "256 characters"],
  ["Description", "4,096 characters (the Edit text form takes up to 4,000)"],
  ["Footer", "2,048 characters"],
  ["Title + description + footer", "6,000 characters"],
  ["Colour", "#RRGGBB"],
] as const;

/** The AI message designer: what it knows, the tags it may use and Discord's limits. */
export function DesignerSection() {
  return (
    <DocsSection
      id="designer"
      title="AI message designer"
      intro="Custom Setup with AI (or the Design message with AI button) asks how the vote notification should look, designs it, and shows you a private preview. Nothing changes until you press Save."
    >
      <CardGrid>
        <InfoCard title="Smart server integration">
          The designer knows your server's name and up to 10 of its custom emojis (still ones first, oldest
          first), and puts a few of them in the message. Say "no emoji" to leave them out, or "use our emojis"
          for more.
        </InfoCard>
        <InfoCard title="Dynamic message tags">
          The design uses the tags below; they are filled in for each vote. Any other <C>{"{…}"}</C> is
          refused with the closest tag suggested (<C>{"{user_name}"}</C> → <C>{"{USER_NAME}"}</C>).
        </InfoCard>
        <InfoCard title="Live preview">
          The preview shows the message exactly as it will be posted, with you as the voter and sample numbers
          (42 votes, 7 this month, on top.gg). <strong>Save</strong> stores it, <strong>Try again</strong>{" "}
          writes another version (change the instructions if you like), <strong>Edit text</strong> opens the
          content line, title, description, colour and footer, and <strong>Cancel</strong> drops it. A preview
          lasts one hour.
        </InfoCard>
        <InfoCard title="Checked before saving">
          Every design, written by AI or edited by you, must pass: known tags only, and Discord's limits
          counted with each tag at its longest (a server name can be 100 characters).
        </InfoCard>
      </CardGrid>
      <Callout title="Who writes the message">
        When the Hearth you use has an AI model configured (any OpenAI-compatible endpoint), the model writes
        the design and gets 15 seconds. Without one, or when the model fails, answers late or answers
        something invalid, Hearth's built-in composer writes it instead: it reads tone words (hype, formal,
        gaming, calm, thankful), colour names or <C>#RRGGBB</C>, "don't ping", a sentence in quotes, channel
        mentions, and mentions of rewards, the leaderboard, reminders, streaks or the time of the vote. The
        preview always says which one wrote the design.
      </Callout>
      <div className="mt-6">
        <Bullets
          items={[
            <>
              <strong>Example requests:</strong> "Hype and pink, thank them, mention the reward role and the
              leaderboard, use our emojis"
            </>,
            <>"Short and formal thank-you, blurple, don't ping them"</>,
            <>"Gaming vibe, remind them they can vote again in 12 hours, point to #rewards"</>,
            <>'Calm, say "You keep this place cosy", show when they voted'</>,
          ]}
        />
      </div>
      <div className="mt-6">
        <DataTable
          caption="Vote message tags"
          columns={["Tag", "Meaning", "In the preview"]}
          rows={voteTags.map(([tag, meaning, sample]) => [<C key={tag}>{tag}</C>, meaning, sample])}
        />
      </div>
      <div className="mt-6">
        <DataTable
          caption="Limits of a vote notification (Discord's own)"
          columns={["Part", "Limit"]}
          rows={designLimits.map(([part, limit]) => [part, limit])}
        />
      </div>
    </DocsSection>
  );
}
