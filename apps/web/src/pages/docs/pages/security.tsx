import { dangerousPermissions } from "@hearth/core";
import { Link } from "react-router";
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
} from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Who can do what with Hearth, the protections built in, and what to do when something goes wrong." />

      <DocsSection id="levels" title="Permission levels">
        <p className="mb-4 text-sm text-stone-300">
          A dashboard token carries one of three levels. <C>/dashboard create</C> gives the server owner an{" "}
          <strong>owner</strong> token, a member with Administrator or Manage Server an <strong>admin</strong>{" "}
          token and a member with the grinder manager role a <strong>manager</strong> token. The API checks
          the level on every request; the dashboard shows what a level can't change read-only.
        </p>
        <p className="mb-4 text-sm text-stone-300">
          A token follows Discord: on every use its level is what its holder is in the server now (read again
          at least every 15 seconds, and at once when their roles or a role change). When ownership moves,
          Administrator is taken away or the manager role is lost, the token is lowered to what they still
          are, or revoked when they are none of these; the change is in the audit log and the holder gets a
          DM.
        </p>
        <DataTable
          caption="Dashboard permission levels"
          columns={["Level", "Can", "Cannot"]}
          rows={[
            [
              "Owner",
              "Everything: every tab, the audit log, the Dashboard tokens panel (see and revoke any token of the server) and the data purge (after typing the exact server name).",
              "—",
            ],
            [
              "Admin",
              "Every tab and setting, the audit log, grinder payments and DMs.",
              "See or revoke tokens (an admin can't revoke the owner's token, in the dashboard or with /dashboard revoke) or purge the server's data.",
            ],
            [
              "Manager",
              "Read every tab (statistics), change the anti-pool settings, and hire, remove and put grinders on break (which gives and takes their roles).",
              "Any other change: setup, other settings, giveaways, greetings, timers, supporters, grinder DMs and payments, the audit log, tokens.",
            ],
          ]}
        />
        <p className="mt-4 text-sm text-stone-300">
          A request beyond its token's level is refused with 403 and a message naming the level it needs.
          Every command's own requirement is on the{" "}
          <Link to="/commands" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
            commands page
          </Link>
          .
        </p>
      </DocsSection>

      <DocsSection id="roles" title="Roles Hearth gives">
        <p className="mb-4 max-w-3xl text-sm leading-relaxed text-stone-300">
          One rule covers every role Hearth gives or takes automatically or on someone's behalf (grinder base
          and tier roles, supporter rewards, self-roles, message components, perks, vote rewards, the birthday
          role): it must not be @everyone or managed by an integration, must sit below Hearth's highest role
          and below the highest role of the person acting (the owner excepted), and must carry none of{" "}
          {dangerousPermissions.map((permission) => permission.name).join(", ")}. A role breaking it is
          refused when you save (the reason is shown beside it in the dashboard's role pickers); a setup saved
          before the rule is flagged on the Setup tab and by <C>/setup</C>, and the role is not given: the
          refusal is logged and in the audit log. Nobody but the server owner can hire or pay themselves.
        </p>
      </DocsSection>

      <DocsSection id="commands" title="Commands with fixed permissions">
        <CommandTable caption="Moderation and role commands" prefixes={["mod", "role"]} />
      </DocsSection>

      <DocsSection id="features" title="Security features">
        <CardGrid>
          <InfoCard title="Checked before running">
            Every command checks member permissions (and configured manager roles) before it does anything.
          </InfoCard>
          <InfoCard title="Hashed tokens">
            Dashboard tokens are stored as SHA-256 hashes; failed attempts are rate-limited per address.
          </InfoCard>
          <InfoCard title="Self-role guard">
            Roles with dangerous permissions can't be self-assigned and are pulled automatically if they gain
            them.
          </InfoCard>
          <InfoCard title="Anti-pool protection">
            With a pool manager set, winners of giveaways, lotteries and raffles are screened: a member who
            joined after the event started, or won another of the server's events within the window (24 hours
            by default), is skipped and the seat drawn again, unless the pool manager approves them.
          </InfoCard>
          <InfoCard title="Audit log">
            Every change from the dashboard or a command is recorded with who, what and when, and for
            dashboard changes the address it came from. Owners and admins read it in the dashboard's Settings
            tab, filtered by feature and member.
          </InfoCard>
          <InfoCard title="Automatic revocation">
            A token is revoked at once, and its holder told by DM, when its member leaves the server, when it
            is used from more than 5 different addresses within an hour, or when it is refused (403) 20 times
            within a minute (the defaults; whoever runs Hearth sets them with TOKEN_MAX_ADDRESSES and
            TOKEN_FORBIDDEN_BURST). The revocation is in the audit log with its reason.
          </InfoCard>
          <InfoCard title="Owner data purge">
            The server owner deletes every record Hearth holds for the server with <C>/purge</C> or the
            dashboard's Danger zone (Settings tab, owner tokens only), after typing the server's exact name.
            Every dashboard token is revoked with it.
          </InfoCard>
          <InfoCard title="Block list">
            The people who run Hearth can block a user or a whole server: blocked users get nothing from
            Hearth, and Hearth leaves a blocked server.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="best-practices" title="Best practices">
        <Bullets
          items={[
            "Give Hearth Administrator, or exactly the permissions in the setup guide — never more to staff than they need.",
            "Use the manager and grinder management roles for staff instead of Administrator.",
            "Keep Hearth's role just above the roles it manages.",
            "Review the Dashboard tokens panel (owner) and the audit log when staff change.",
          ]}
        />
      </DocsSection>

      <DocsSection id="emergency" title="Emergency procedures">
        <Steps
          steps={[
            {
              title: "A token leaked",
              body: (
                <>
                  Revoke it at once: the owner from the dashboard's Dashboard tokens panel (any token, their
                  own too), an administrator with <C>/dashboard revoke user:@member</C> (any token but the
                  owner's). Then check the audit log for what it changed.
                </>
              ),
            },
            {
              title: "A role was abused",
              body: <>Remove its dangerous permissions; Hearth already pulled it from self-role panels.</>,
            },
            {
              title: "A raid",
              body: (
                <>
                  Time out or ban with <C>/mod timeout</C> and <C>/mod ban</C>; review with <C>/mod audit</C>.
                </>
              ),
            },
            {
              title: "You want everything gone",
              body: (
                <>
                  As the owner, run <C>/purge</C> and type the server's exact name (or use the Danger zone in
                  the dashboard's Settings tab). It deletes all of the server's data and every token; it can't
                  be undone.
                </>
              ),
            },
            {
              title: "Still unsure",
              body: (
                <>
                  Contact support from the <Link to="/docs/support">Support &amp; Help</Link> page.
                </>
              ),
            },
          ]}
        />
        <Callout tone="danger">
          Hearth staff never ask for your dashboard token or your bot's permissions over DM.
        </Callout>
      </DocsSection>

      <DocsCta
        title="Check your setup"
        command="/permissions check"
        primary={{ to: "/docs/setup", label: "Quick Setup Guide" }}
        secondary={{ to: "/docs/dashboard", label: "Dashboard & Tokens" }}
      >
        Find missing permissions before your members do.
      </DocsCta>
    </DocsArticle>
  );
}
