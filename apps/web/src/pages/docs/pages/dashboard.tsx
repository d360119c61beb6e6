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
      <DocsHeader
        lead={
          <>
            The dashboard manages one server from your browser at <Link to="/dashboard">/dashboard</Link>.
            Instead of a Discord login it uses a dashboard token: a secret that Hearth sends you by DM and
            that opens your server's dashboard only.
          </>
        }
      />

      <DocsSection id="features" title="Key features">
        <CardGrid columns={3}>
          <InfoCard title="One server per token">
            A token is bound to the server it was created in; other servers' dashboards redirect to yours.
          </InfoCard>
          <InfoCard title="No Discord login">
            Nothing to authorise with Discord; paste the token and you're in.
          </InfoCard>
          <InfoCard title="Revocable at any time">
            The owner revokes any token from the dashboard; an administrator revokes any but the owner's with{" "}
            <C>/dashboard revoke</C>. It stops working at once.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection
        id="commands"
        title="Dashboard commands"
        intro="All three need the Administrator permission."
      >
        <CommandTable caption="Dashboard commands" prefixes={["dashboard"]} />
        <div className="mt-6 space-y-4 text-stone-300">
          <h3 className="font-semibold text-stone-100">Details and restrictions</h3>
          <Bullets
            items={[
              <>
                <C>/dashboard create</C> makes one token per member per server. If you already have one,
                revoke it first. Hearth checks it can DM you before it creates anything; with DMs closed, no
                token is made.
              </>,
              <>
                <C>/dashboard revoke user:@member</C> removes another member's token and tells them by DM. You
                cannot revoke your own with it, nor the server owner's token: the owner revokes any token
                (their own too) from the Dashboard tokens panel in the Settings tab.
              </>,
              <>
                <C>/dashboard token</C> shows when your token was created and its permission level. It never
                shows the token again: if you lost it, revoke it and create a new one.
              </>,
            ]}
          />
        </div>
      </DocsSection>

      <DocsSection id="capabilities" title="What you can manage">
        <DataTable
          caption="Dashboard tabs"
          columns={["Tab", "What it does"]}
          rows={[
            [
              "Overview",
              "Paid and unpaid grinders, activity, revenue insights, goals saved in your browser. Server insights: joins and leaves, messages and active members, the busiest channels and hours, top commands, giveaway entries and grinder revenue over 7, 30 or 90 days or a year, each chart with a table view and a CSV download.",
            ],
            [
              "Grinders",
              "Add and remove grinders, toggle breaks, filter and sort the roster, DM paid or unpaid members. History on a row opens the grinder's payments and breaks, page by page; admins record a payment there.",
            ],
            [
              "Supporters",
              "Statica: reward roles for your server tag or status keywords, with stats and logging.",
            ],
            ["Setup", "Manager and grinder roles, event roles, log channels, tiers with payment thresholds."],
            [
              "Settings",
              "Feature toggles, anti-pool protection, member trigger limit, your discovery listing; the audit log (owners and admins), the Dashboard tokens panel and the Danger zone (owner).",
            ],
            [
              "Giveaways",
              "Create now, later or recurring (with the ping role and a preview); scheduled and recurring giveaways; entrants with removals; rerolls of one winner or all; blocked members; bypass, blacklist and multiplier roles; end, reroll or delete.",
            ],
            ["Greetings", "Welcome message editor with test button, and ping-on-join channels."],
            ["Timers", "Scheduled messages with presets from 5 minutes to 24 hours."],
          ]}
        />
      </DocsSection>

      <DocsSection id="security" title="Security architecture">
        <Bullets
          items={[
            <>
              A token is 28 random bytes written as 56 hexadecimal characters. It is shown once, in your DM.
            </>,
            <>Hearth stores only a SHA-256 hash of it, so even a database leak reveals no usable token.</>,
            <>
              Every API call checks the token and the server in the path; a token for another server gets 403.
            </>,
            <>Ten wrong tokens from one address in a minute block that address for the rest of the minute.</>,
            <>
              Each token has a level (owner, admin or manager) and each API route needs one; a request beyond
              the token's level gets 403 naming the level it needs. See{" "}
              <Link
                to="/docs/security"
                className="text-ember-300 underline underline-offset-4 hover:text-ember-200"
              >
                Permissions &amp; Security
              </Link>{" "}
              for what each level can do.
            </>,
            <>
              Every change is written to the server's audit log with who made it, when and, from the
              dashboard, the address it came from; owners and admins read it in the Settings tab.
            </>,
            <>
              A token used from more than 5 different addresses within an hour, or refused 20 times within a
              minute, is revoked at once and its holder is told by DM.
            </>,
          ]}
        />
      </DocsSection>

      <DocsSection id="lifecycle" title="Token lifecycle">
        <Steps
          steps={[
            {
              title: "Created",
              body: (
                <>
                  <C>/dashboard create</C>, delivered by DM.
                </>
              ),
            },
            {
              title: "Used",
              body: (
                <>
                  Your browser keeps the token for <strong>7 days</strong> after you sign in, then asks for it
                  again. The token itself keeps working: paste the same one.
                </>
              ),
            },
            {
              title: "Revoked",
              body: (
                <>
                  Manually with <C>/dashboard revoke</C> or the owner's Dashboard tokens panel; automatically
                  when you leave the server or on suspicious activity (used from more than 5 addresses in an
                  hour, or 20 refused requests in a minute). Hearth tells you by DM each time. Otherwise a
                  token never expires.
                </>
              ),
            },
          ]}
        />
        <Callout tone="info" title="'Token expired' in the browser">
          That message means your browser's 7-day session ended, not the token. Sign in again with the same
          token; if it's refused, it was revoked and you need a new one.
        </Callout>
      </DocsSection>

      <DocsSection id="scenarios" title="Usage scenarios">
        <CardGrid>
          <InfoCard title="Owner running everything">
            Create one token for yourself and manage grinders, events and greetings from one place.
          </InfoCard>
          <InfoCard title="Admin team">
            Each administrator creates their own token, so revoking one person never locks out the rest.
          </InfoCard>
          <InfoCard title="Staff change">
            When an admin steps down, revoke their token with <C>/dashboard revoke</C> the same day.
          </InfoCard>
          <InfoCard title="Shared computer">
            Use the Logout button when you finish; it removes the token from that browser.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="best-practices" title="Best practices">
        <Bullets
          items={[
            "Only owners and administrators should create tokens, for their own use.",
            "Never share a token in a channel, a screenshot or a support ticket.",
            "Revoke tokens of staff who leave the team, and review tokens after any incident.",
            "Sign out on shared or public computers.",
          ]}
        />
      </DocsSection>

      <Callout tone="danger" title="Security notice">
        Hearth staff will never ask for your dashboard token. Anyone who has it can change your server's
        Hearth settings until it is revoked.
      </Callout>

      <DocsCta
        title="Open your dashboard"
        command="/dashboard create"
        primary={{ to: "/dashboard", label: "Go to the dashboard" }}
        secondary={{ to: "/docs/security", label: "Permissions & Security" }}
      >
        Create a token in your server, then sign in here.
      </DocsCta>
    </DocsArticle>
  );
}
