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
        <DataTable
          caption="Permission levels"
          columns={["Level", "Can", "Cannot"]}
          rows={[
            [
              "Server Owner",
              "Everything administrators can, plus purging the server's data (after typing the exact server name) and owner-only token management.",
              "—",
            ],
            [
              "Administrator",
              "Run /setup and /settings, create dashboard tokens, toggle features, manage roles.",
              "Purge data or use owner-only features.",
            ],
            [
              "Manager role",
              "Anti-pool management, basic role assignment, viewing statistics.",
              "Change critical settings or manage tokens.",
            ],
          ]}
        />
        <p className="mt-4 text-sm text-stone-300">
          Every command's own requirement is on the{" "}
          <Link to="/commands" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
            commands page
          </Link>
          . A dashboard token carries the level of the member who created it.
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
            With a pool manager set, mass member triggers are capped (member trigger limit 1–100, default 3).
          </InfoCard>
          <InfoCard title="Audit log">
            Dashboard changes and moderation cases are recorded with who, what and when.
          </InfoCard>
          <InfoCard title="Automatic revocation">
            A member who leaves loses their dashboard token, and is told by DM.
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
            "Review dashboard tokens when staff change.",
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
                  Revoke it at once with <C>/dashboard revoke user:@member</C>; the owner revokes an admin's.
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
