import {
  Bullets,
  C,
  Callout,
  CardGrid,
  DocsArticle,
  DocsCta,
  DocsHeader,
  DocsSection,
  InfoCard,
  Troubleshooting,
} from "../ui/blocks";
import { CommandTable } from "../ui/command-table";
import { DesignerSection } from "../votetracker/designer-section";
import { SetupSection } from "../votetracker/setup-section";

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Count the votes your server gets on server-listing sites, thank every voter with a message you design with AI, give them a reward role and run monthly and all-time leaderboards." />

      <DocsSection id="why" title="Why track votes">
        <CardGrid columns={3}>
          <InfoCard title="Grow">
            Votes lift your server on listing sites; a thank-you in your server keeps people voting.
          </InfoCard>
          <InfoCard title="Reward loyalty">
            Voters get a role of your choice for 1 to 168 hours, or for good.
          </InfoCard>
          <InfoCard title="Gamify">
            Streaks and a monthly leaderboard turn voting into a friendly competition.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="features" title="Features">
        <CardGrid columns={3}>
          <InfoCard title="Your own webhook">
            Each server gets a unique webhook URL and secret. Legacy, signed and generic webhooks are
            accepted, and the platform of every vote is recorded.
          </InfoCard>
          <InfoCard title="Counted once">
            Listing sites retry webhooks; a vote id (or, without one, a second vote within 11 hours) is never
            counted twice.
          </InfoCard>
          <InfoCard title="Per-member stats">
            Total, this month, current and longest streak, last vote and all-time rank.
          </InfoCard>
          <InfoCard title="Live leaderboards">
            Monthly and all-time, top 15 plus your own position, always up to date.
          </InfoCard>
          <InfoCard title="Reward roles">
            1 to 168 hours or permanent; a new vote extends the time; removed on time, even after a restart.
          </InfoCard>
          <InfoCard title="AI-designed messages">
            Describe the thank-you in plain words; preview it with sample values, then save.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DesignerSection />

      <DocsSection id="user-commands" title="Commands for members" intro="Open to every member.">
        <CommandTable
          caption="Vote tracker member commands"
          names={["votetracker user", "votetracker leaderboard"]}
        />
        <p className="mt-4 max-w-3xl leading-relaxed text-stone-300">
          A streak counts consecutive UTC days with at least one vote: two votes on the same day keep the same
          streak day, and a day without a vote ends it.
        </p>
      </DocsSection>

      <DocsSection id="leaderboards" title="Leaderboards">
        <Bullets
          items={[
            "Top 15 voters, plus your own position when you are further down.",
            "More votes rank higher; on equal votes, whoever reached the count first (the earliest last vote) ranks higher.",
            <>
              The monthly board resets on the 1st at 00:00 UTC; the month that ended is archived from the
              stored votes first. All-time never resets.
            </>,
            "Boards are read live: a vote shows up as soon as it is counted, with no cache to wait for.",
            "An admin can switch leaderboards off in setup; the command then says so.",
          ]}
        />
      </DocsSection>

      <DocsSection id="rewards" title="Automatic rewards">
        <p className="max-w-3xl leading-relaxed text-stone-300">
          Pick a reward role and a duration from 1 to 168 hours (24 matches most sites' cooldown), or 0 for
          permanent. Setup refuses a role with the exact reason when it is @everyone, doesn't exist, is
          managed by an integration, carries moderation or admin permissions (everyone who votes gets it), or
          sits at or above Hearth's highest role, and when Hearth lacks Manage Roles. A member who already
          holds the role (given by hand) keeps it and isn't tracked, so an expiry never takes it away. Each
          new vote extends the reward from that vote's time; timed roles are removed on time by a durable job,
          even across restarts.
        </p>
      </DocsSection>

      <SetupSection />

      <DocsSection id="admin-commands" title="Admin commands" intro="Administrator or Manage Server.">
        <CommandTable caption="Vote tracker admin commands" prefixes={["votetracker admin"]} />
        <Callout tone="danger" title="Deleting a member's votes is permanent">
          <C>/votetracker admin deleteuser</C> asks for confirmation, then deletes the member's vote history,
          stats and archived months, takes back a reward role Hearth gave them, and removes them from every
          leaderboard.
        </Callout>
      </DocsSection>

      <DocsSection id="analytics" title="Voting analytics">
        <p className="max-w-3xl leading-relaxed text-stone-300">
          Every vote is stored with its platform, weight and time, so <C>/votetracker user</C> shows totals,
          monthly votes, streaks, the last vote and the all-time rank, and notifications can name the platform
          with <C>{"{PLATFORM}"}</C>. When a month ends, each member's total for it is archived before the
          monthly board starts again.
        </p>
      </DocsSection>

      <DocsSection id="best-practices" title="Best practices">
        <Bullets
          items={[
            "Give a reward people notice: a colour, a channel, or a perk tier.",
            "24 hours matches most sites' voting cooldown, so regular voters keep the role.",
            "Use {USER_MENTION} once at most: it pings the voter every time.",
            "Press Send test vote after every change to see the real notification.",
            "Rotate the secret if the URL or secret was ever shared by mistake.",
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "Votes aren't tracked",
              fixes: [
                "Copy the webhook URL exactly; after Rotate secret only the new URL works.",
                "The secret must match: Hearth's as Authorization (legacy and generic); for top.gg's signed webhooks, save top.gg's webhook secret with the Signing secret button.",
                "Check the site sends one of the three webhook forms above.",
                "The role and notification follow within seconds of the vote being stored.",
              ],
            },
            {
              problem: "Reward roles aren't given",
              fixes: [
                "Hearth needs Manage Roles and a role above the reward role.",
                "The role must exist, not be @everyone and carry no moderation or admin permissions.",
                "A voter who already had the role by hand keeps it untracked.",
              ],
            },
            {
              problem: "Leaderboards don't change",
              fixes: [
                "They are live: if a vote is missing, it didn't arrive (see above).",
                "The monthly board counts only this UTC month.",
                "An admin may have switched leaderboards off in setup.",
              ],
            },
            {
              problem: "The AI designer doesn't do what I asked",
              fixes: [
                "If the preview says the built-in composer wrote it, no AI model answered: the composer follows the keywords listed above.",
                "Try again writes another version; Edit text lets you change any word.",
                "A preview lasts an hour; after that run the setup again.",
                "You need Administrator or Manage Server, and Hearth must be able to post in the channel.",
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
        A couple of minutes of setup, and every vote is thanked and counted.
      </DocsCta>
    </DocsArticle>
  );
}
