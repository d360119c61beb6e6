import { Link } from "react-router";
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

const permissions = [
  ["Administrator", "Recommended", "Covers everything below; the simplest choice for most servers."],
  ["Manage Server", "Essential", "Reading server settings, invites for giveaway requirements, setup itself."],
  [
    "Manage Roles",
    "Grinders, self-roles, perks, rewards",
    "Giving and taking tier, panel, perk and reward roles.",
  ],
  ["Manage Channels", "Perks, sticky messages", "Private perk channels and channel-level sticky handling."],
  ["Send Messages", "Everything", "Replies, welcomes, giveaways, board posts."],
  ["Embed Links", "Everything", "Rich embeds for profiles, leaderboards and welcomes."],
  ["Manage Messages", "Sticky messages", "Deleting the previous copy of a sticky message."],
  ["Read Message History", "Giveaways, boards", "Finding the messages Hearth manages again."],
  ["Use Slash Commands", "Everything", "Registering and answering /commands."],
  ["Add Reactions", "Boards, perks", "Auto-reactions and board emoji checks."],
] as const;

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Four steps from invitation to a configured server. Most servers finish in under ten minutes." />

      <DocsSection id="steps" title="Setup in four steps">
        <Steps
          steps={[
            {
              title: "Invite Hearth with the right permissions",
              body: (
                <>
                  Open the <Link to="/invite">invite page</Link> and pick your server. For the full feature
                  set, give Hearth's role <strong>Administrator</strong>, or the permissions in the table
                  below. Then drag Hearth's role <strong>above</strong> every role it should give out.
                </>
              ),
            },
            {
              title: "Run /setup",
              body: (
                <>
                  As a server administrator, run <C>/setup</C>. It asks for the manager role, the grinder base
                  role, the event manager role, the events ping role and the log channels, and saves them in
                  the same record the dashboard's Setup tab edits.
                </>
              ),
            },
            {
              title: "Create your dashboard token",
              body: (
                <>
                  Run <C>/dashboard create</C>. Hearth sends your token by DM (open your DMs for the server
                  first), then click <strong>Dashboard</strong> on this site and paste it. Details in{" "}
                  <Link to="/docs/dashboard">Dashboard &amp; Tokens</Link>.
                </>
              ),
            },
            {
              title: "Configure features",
              body: (
                <>
                  Turn on what you need with <C>/settings</C> or the dashboard, then follow each feature's
                  guide: <Link to="/docs/welcome">welcome</Link>, <Link to="/docs/grinder">grinders</Link>,{" "}
                  <Link to="/docs/selfroles">self-roles</Link>, <Link to="/docs/boards">boards</Link> and
                  more.
                </>
              ),
            },
          ]}
        />
      </DocsSection>

      <DocsSection
        id="permissions"
        title="Permissions Hearth needs"
        intro="The invite link asks for five basic permissions. Features that manage roles and channels need more; grant Administrator or add these to Hearth's role."
      >
        <DataTable
          caption="Bot permissions"
          columns={["Permission", "Needed for", "Why"]}
          rows={permissions}
        />
        <Callout tone="tip" title="Check what's missing">
          Run <C>/permissions check</C> at any time: it lists each feature with the permissions Hearth lacks,
          and with a channel it checks that channel's overrides too.
        </Callout>
      </DocsSection>

      <DocsSection id="commands" title="Setup commands">
        <CommandTable caption="Setup commands" names={["setup", "settings", "permissions check"]} />
      </DocsSection>

      <DocsSection
        id="templates"
        title="Quick-start templates"
        intro="Which features to turn on first, by kind of server."
      >
        <CardGrid columns={3}>
          <InfoCard title="Gaming server" tag="Grinders + events">
            Grinder tiers with weekly payments, giveaways with member-age requirements, a starboard for clips
            and a vote tracker with a reward role.
          </InfoCard>
          <InfoCard title="Community server" tag="Welcome + roles">
            AI-written welcome messages, ping-on-join in #rules, self-role panels for pings and colours,
            birthdays and a skullboard.
          </InfoCard>
          <InfoCard title="Professional server" tag="Moderation + structure">
            Moderation with a case log, sticky guidelines in busy channels, forms for applications and a
            strict self-role whitelist.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="tips" title="Security and setup tips">
        <CardGrid>
          <InfoCard title="Keep Hearth's role high">
            Discord only lets a bot manage roles below its own. Put Hearth's role above tier, self-role, perk
            and reward roles.
          </InfoCard>
          <InfoCard title="Give the manager role, not Administrator">
            Staff who run grinders or events need the manager or grinder management role, not full admin
            rights.
          </InfoCard>
          <InfoCard title="Treat dashboard tokens like passwords">
            A token opens the whole dashboard for its server. Never paste it in a channel; revoke it if you
            do.
          </InfoCard>
          <InfoCard title="Use a log channel">
            Set log channels during <C>/setup</C> so removals, payments and moderation cases leave a trail.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="issues" title="Common setup issues">
        <Troubleshooting
          items={[
            {
              problem: "The bot doesn't respond to commands",
              fixes: [
                "Check that Hearth shows as online in the member list.",
                "Make sure it has Send Messages and Use Slash Commands in that channel.",
                "Type the command from the / menu so the options are filled in correctly.",
              ],
            },
            {
              problem: "/setup doesn't work",
              fixes: [
                "You need Administrator to run /setup.",
                "Hearth needs Manage Server, and its role must sit above the roles you pick.",
              ],
            },
            {
              problem: "The dashboard token never arrived",
              fixes: [
                "Your DMs are closed for this server or you blocked the bot; open them and run /dashboard create again.",
                "Only members with Administrator can create tokens.",
              ],
            },
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Start now"
        command="/setup"
        primary={{ to: "/invite", label: "Invite Hearth" }}
        secondary={{ to: "/docs/dashboard", label: "Dashboard & Tokens" }}
      >
        Invite the bot, run one command, and you're ready.
      </DocsCta>
    </DocsArticle>
  );
}
