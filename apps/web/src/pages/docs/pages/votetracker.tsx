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

const webhookForms = [
  [
    "Legacy (top.gg and look-alikes)",
    <>
      Your secret in the <C>Authorization</C> header, compared in constant time
    </>,
    <>
      <C>{'{ "user": "<id>", "type": "upvote" | "test", "isWeekend": true }'}</C>: weekend votes count 2
    </>,
  ],
  [
    "Signed (top.gg's current webhooks)",
    <>
      <C>x-topgg-signature</C>: <C>t=…,v1=…</C>, an HMAC-SHA256 of the timestamp and the raw body (a bare hex
      HMAC of the raw body is accepted too), keyed with the site's signing secret you saved, or with Hearth's
      secret
    </>,
    <>
      <C>vote.create</C>: each vote's id is remembered, so a retry is never counted twice; its weight is used.{" "}
      <C>webhook.test</C> posts a test notification
    </>,
  ],
  [
    "Generic (any other site)",
    <>
      Your secret in the <C>Authorization</C> header
    </>,
    <C key="generic-body">
      {'{ "userId": "<id>", "platform": "discordbotlist", "voteId": "…", "weight": 1 }'}
    </C>,
  ],
] as const;

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

      <DocsSection
        id="designer"
        title="AI message designer"
        intro="Custom Setup with AI (or the Design message with AI button) asks how the vote notification should look, designs it, and shows you a private preview. Nothing changes until you press Save."
      >
        <CardGrid>
          <InfoCard title="Smart server integration">
            The designer knows your server's name and up to 10 of its custom emojis (still ones first, oldest
            first), and puts a few of them in the message. Say "no emoji" to leave them out, or "use our
            emojis" for more.
          </InfoCard>
          <InfoCard title="Dynamic message tags">
            The design uses the tags below; they are filled in for each vote. Any other <C>{"{…}"}</C> is
            refused with the closest tag suggested (<C>{"{user_name}"}</C> → <C>{"{USER_NAME}"}</C>).
          </InfoCard>
          <InfoCard title="Live preview">
            The preview shows the message exactly as it will be posted, with you as the voter and sample
            numbers (42 votes, 7 this month, on top.gg). <strong>Save</strong> stores it,{" "}
            <strong>Try again</strong> writes another version (change the instructions if you like),{" "}
            <strong>Edit text</strong> opens the content line, title, description, colour and footer, and{" "}
            <strong>Cancel</strong> drops it. A preview lasts one hour.
          </InfoCard>
          <InfoCard title="Checked before saving">
            Every design, written by AI or edited by you, must pass: known tags only, and Discord's limits
            counted with each tag at its longest (a server name can be 100 characters).
          </InfoCard>
        </CardGrid>
        <Callout title="Who writes the message">
          When the Hearth you use has an AI model configured (any OpenAI-compatible endpoint), the model
          writes the design and gets 15 seconds. Without one, or when the model fails, answers late or answers
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

      <DocsSection id="setup" title="Setup guide">
        <Steps
          steps={[
            {
              title: "Start the wizard",
              body: (
                <>
                  <C>/votetracker admin setup</C> with the options you want (channel, reward role, hours,
                  leaderboards), then choose <strong>Quick Setup</strong> or{" "}
                  <strong>Custom Setup with AI</strong>. Skip the choice with <C>mode:quick</C> or{" "}
                  <C>mode:custom</C>. Wrong options are named before anything is saved.
                </>
              ),
            },
            {
              title: "Quick or custom",
              body: (
                <>
                  Quick Setup saves at once with the default message. Custom Setup asks how the notification
                  should look and shows the designer's preview; Save stores the setup and the design together.
                  Options you leave out keep their current value.
                </>
              ),
            },
            {
              title: "Copy your webhook URL and secret",
              body: (
                <>
                  The private setup reply shows your server's unique URL and its secret, with next steps. Keep
                  both private; <strong>Rotate secret</strong> (after a confirmation) makes new ones and the
                  old URL stops working at once. top.gg's signed webhooks come with a secret top.gg makes (
                  <C>whs_…</C>): press <strong>Signing secret</strong> and paste it (leave the form empty to
                  forget it).
                </>
              ),
            },
            {
              title: "Connect the listing site and test",
              body: (
                <>
                  Paste the URL into the site's webhook settings, and Hearth's secret as its Authorization
                  (legacy and generic webhooks). Press <strong>Send test vote</strong> (or the site's Test
                  button): a notification marked "🧪 Test vote" is posted and nothing is counted.
                </>
              ),
            },
          ]}
        />
        <div className="mt-6">
          <DataTable
            caption="Webhooks Hearth accepts (POST to your URL, JSON body)"
            columns={["Form", "Authentication", "Body"]}
            rows={webhookForms.map(([form, auth, body]) => [form, auth, body])}
          />
        </div>
        <p className="mt-4 max-w-3xl leading-relaxed text-stone-300">
          Hearth answers the site at once (204) after storing the vote; the reward role and the notification
          follow within seconds. A retry of a counted vote also answers 204 and changes nothing. An unknown
          URL answers 404, a wrong secret or signature 401, a body that isn't a vote (or a vote for another
          server) 400 with the field named. Bodies up to 64 KB are read whatever their content type.
        </p>
      </DocsSection>

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
