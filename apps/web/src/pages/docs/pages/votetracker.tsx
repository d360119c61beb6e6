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

const voteTags = [
  ["{USER_NAME}", "The voter's username"],
  ["{USER_MENTION}", "A mention of the voter"],
  ["{TOTAL_VOTES}", "The voter's all-time votes"],
  ["{MONTHLY_VOTES}", "The voter's votes this month"],
  ["{SERVER_NAME}", "Your server's name"],
  ["{PLATFORM}", "The listing site the vote came from"],
  ["{VOTE_TIMESTAMP}", "When the vote was cast"],
] as const;

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Count the votes your server gets on server-listing sites, thank voters in a channel, give them a reward role and run monthly and all-time leaderboards." />

      <DocsSection id="why" title="Why track votes">
        <CardGrid columns={3}>
          <InfoCard title="Grow">
            Votes lift your server on listing sites; regular reminders and thanks keep them coming.
          </InfoCard>
          <InfoCard title="Reward loyalty">Voters get a role for a set time, or for good.</InfoCard>
          <InfoCard title="Gamify">
            Streaks and a monthly leaderboard turn voting into a friendly competition.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="features" title="Features">
        <CardGrid columns={3}>
          <InfoCard title="Webhook tracking">
            Each server gets its own webhook URL; votes arrive within 1–15 seconds.
          </InfoCard>
          <InfoCard title="Duplicate-proof">
            Listing sites retry webhooks; each vote is counted once.
          </InfoCard>
          <InfoCard title="Per-member stats">
            Total, this month, current and longest streak, last vote and rank.
          </InfoCard>
          <InfoCard title="Leaderboards">Monthly and all-time, top 15 plus your own position.</InfoCard>
          <InfoCard title="Reward roles">
            1 to 168 hours, or permanent; removed on time automatically.
          </InfoCard>
          <InfoCard title="Designed messages">
            Thank-you messages written with the AI designer, with live preview.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="designer" title="AI message designer">
        <Bullets
          items={[
            <>
              <strong>Server-aware:</strong> it uses your server's name and up to 10 of its custom emojis.
            </>,
            <>
              <strong>Dynamic tags:</strong> messages use the vote tags below, filled in for each vote.
            </>,
            <>
              <strong>Live preview:</strong> you see the message before it is saved, and it is checked for
              unknown tags.
            </>,
            <>
              <strong>Example requests:</strong> "Hype, lots of our emojis, mention the streak" or "Short and
              formal thank-you".
            </>,
          ]}
        />
        <div className="mt-6">
          <DataTable
            caption="Vote message tags"
            columns={["Tag", "Meaning"]}
            rows={voteTags.map(([tag, meaning]) => [<C key={tag}>{tag}</C>, meaning])}
          />
        </div>
      </DocsSection>

      <DocsSection id="user-commands" title="Commands for members" intro="Open to every member.">
        <CommandTable
          caption="Vote tracker member commands"
          names={["votetracker user", "votetracker leaderboard"]}
        />
      </DocsSection>

      <DocsSection id="leaderboards" title="Leaderboards">
        <Bullets
          items={[
            "Top 15 voters, plus your own position when you are further down.",
            "Ties go to the member with more votes, then to whoever reached the count first (earliest last vote).",
            <>
              The monthly board resets on the 1st at 00:00 UTC; the previous month is archived. All-time never
              resets.
            </>,
            "Boards are cached for 5–10 minutes; running the command refreshes yours.",
          ]}
        />
      </DocsSection>

      <DocsSection id="rewards" title="Automatic rewards">
        <p className="max-w-3xl leading-relaxed text-stone-300">
          Pick a reward role and a duration from 1 to 168 hours (24 is the most popular), or permanent. The
          role must exist, must not be @everyone and must sit below Hearth's role, and Hearth needs Manage
          Roles. A voter who already holds the role isn't given it again. Timed roles are removed on time,
          even across restarts.
        </p>
      </DocsSection>

      <DocsSection id="setup" title="Setup guide">
        <Steps
          steps={[
            {
              title: "Start the wizard",
              body: (
                <>
                  <C>/votetracker admin setup</C>, then Quick Setup (about 5 minutes) or Custom Setup with AI.
                </>
              ),
            },
            {
              title: "Pick channel, role and boards",
              body: (
                <>
                  Choose the notification channel, the reward role and duration, and whether leaderboards are
                  on.
                </>
              ),
            },
            {
              title: "Copy your webhook URL",
              body: (
                <>
                  Hearth shows your server's unique URL. In custom setup, design the message and preview it.
                </>
              ),
            },
            {
              title: "Connect the listing site",
              body: <>Paste the URL into the site's webhook settings and send a test vote.</>,
            },
          ]}
        />
      </DocsSection>

      <DocsSection id="admin-commands" title="Admin commands" intro="Administrator or Manage Server.">
        <CommandTable caption="Vote tracker admin commands" prefixes={["votetracker admin"]} />
        <Callout tone="danger" title="Deleting a member's votes is permanent">
          <C>/votetracker admin deleteuser</C> asks for confirmation, then deletes the member's history and
          stats and removes them from every leaderboard.
        </Callout>
      </DocsSection>

      <DocsSection id="analytics" title="Voting analytics">
        <p className="max-w-3xl leading-relaxed text-stone-300">
          Hearth records the platform of each vote, so you can see which listing sites bring voters. Monthly
          totals stay available after each reset through the archive.
        </p>
      </DocsSection>

      <DocsSection id="best-practices" title="Best practices">
        <Bullets
          items={[
            "Give a reward people notice: a colour, a channel, or a perk tier.",
            "24 hours matches most sites' voting cooldown, so regular voters keep the role.",
            "Announce the monthly winner when the board resets.",
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "Votes aren't tracked",
              fixes: [
                "Copy the webhook URL exactly, with no spaces.",
                "Check the listing site's webhook settings and that it is supported.",
                "Votes take 1–15 seconds to arrive.",
              ],
            },
            {
              problem: "Reward roles aren't given",
              fixes: [
                "Hearth needs Manage Roles, above the reward role.",
                "The role must exist and not be @everyone.",
                "The voter may already have it.",
              ],
            },
            {
              problem: "Leaderboards don't update",
              fixes: [
                "The cache refreshes every 5–10 minutes.",
                "Make sure votes are arriving (check the notification channel).",
                "Running the leaderboard command forces a refresh.",
              ],
            },
            {
              problem: "The AI designer doesn't work",
              fixes: [
                "Check Hearth can send messages in the channel.",
                "Run the setup again.",
                "Contact support if it keeps failing.",
              ],
            },
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Start counting votes"
        command="/votetracker admin setup"
        primary={{ to: "/invite", label: "Add Hearth" }}
        secondary={{ to: "/commands?category=Economy%20%26%20Games", label: "View vote commands" }}
      >
        Five minutes of setup, and every vote is thanked and counted.
      </DocsCta>
    </DocsArticle>
  );
}
