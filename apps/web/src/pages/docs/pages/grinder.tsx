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

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Run a team of paid members ('grinders'): recruit them onto tiers, record their payments, give them breaks and keep a history of everything, from Discord or the dashboard." />

      <DocsSection id="concepts" title="How it works">
        <CardGrid>
          <InfoCard title="Grinder">
            A member on the team. Each has a tier, a payment total, a paid or unpaid status, an optional
            break, a profile and a history of payments and breaks: under <C>/grinder profile</C> (paged with
            buttons) and behind History on the dashboard's roster row.
          </InfoCard>
          <InfoCard title="Tier">
            A level such as Bronze or Gold, linked to a role and a payment threshold. With{" "}
            <strong>Tier switching</strong> on in Setup, paying a higher tier's threshold within a period
            moves the grinder up to it (at most once per switch cooldown); with it off, tiers change only by
            hand.
          </InfoCard>
          <InfoCard title="Payment">
            Recorded with <C>/grinder payments</C>: <strong>add</strong> adds to the total,{" "}
            <strong>set</strong> replaces it. Paid status updates after each payment. A grinder on a break
            can't be paid: the payment is refused until the break ends.
          </InfoCard>
          <InfoCard title="Break">
            Time off: tier roles are taken away for the duration and given back automatically when it ends,
            even if Hearth restarted in between.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection
        id="tiers"
        title="Example tiers"
        intro="Set tiers in /setup or the dashboard's Setup tab. A common layout:"
      >
        <DataTable
          caption="Example tiers"
          columns={["Tier", "Payment range", "Role"]}
          rows={[
            ["Bronze", "10k – 50k", "@Bronze Grinder"],
            ["Silver", "50k – 500k", "@Silver Grinder"],
            ["Gold", "500k and more", "@Gold Grinder"],
            ["Diamond", "1M and more", "@Diamond Grinder"],
          ]}
        />
      </DocsSection>

      <DocsSection
        id="commands"
        title="Commands"
        intro="Admin commands need Manage Server or the grinder management role set in /setup. Viewing another member's profile is for admins only."
      >
        <CommandTable caption="Grinder commands" prefixes={["grinder"]} />
      </DocsSection>

      <DocsSection id="formats" title="Amounts and durations">
        <DataTable
          caption="Input formats"
          columns={["Input", "Format", "Examples"]}
          rows={[
            [
              "Amounts",
              <>
                A number with <C>k</C> (thousand), <C>m</C> (million) or <C>b</C> (billion); decimals with a
                point. A comma only separates thousands, in groups of three (<C>1,500,000</C>): <C>1,5m</C> is
                refused as ambiguous
              </>,
              <>
                <C>250k</C>, <C>1.5m</C>, <C>2b</C>, <C>75000</C>
              </>,
            ],
            [
              "Break durations",
              <>
                <C>d</C> days, <C>w</C> weeks, <C>m</C> months
              </>,
              <>
                <C>1d</C>, <C>1w</C>, <C>1m</C>
              </>,
            ],
            [
              "Payment action",
              <>
                <C>add</C> adds to the total; <C>set</C> replaces it
              </>,
              <C key="example">action:add amount:500k</C>,
            ],
          ]}
        />
      </DocsSection>

      <DocsSection id="lifecycle" title="A grinder's lifecycle">
        <Steps
          steps={[
            {
              title: "Added",
              body: (
                <>
                  <C>/grinder add</C> places the member on a tier and gives the tier role and the grinder base
                  role.
                </>
              ),
            },
            {
              title: "Paid",
              body: (
                <>
                  Each <C>/grinder payments</C> updates the total and status. With tier switching on, reaching
                  a higher tier's threshold moves the grinder up to it.
                </>
              ),
            },
            {
              title: "On break",
              body: (
                <>
                  <C>/grinder break</C> removes tier roles and schedules their return when the break ends.
                </>
              ),
            },
            {
              title: "Leaves",
              body: (
                <>
                  <C>/grinder resign</C> or <C>/grinder remove</C>: roles removed, record archived, removal
                  logged.
                </>
              ),
            },
          ]}
        />
      </DocsSection>

      <DocsSection id="targets" title="Healthy team targets">
        <CardGrid columns={3}>
          <InfoCard title="Payment completion" tag="85%+">
            Share of grinders paid this period. Remind the rest with <C>/grinder dm target:unpaid</C>.
          </InfoCard>
          <InfoCard title="Break usage" tag="under 15%">
            Share of the team on break at once; more suggests burnout or tiers set too high.
          </InfoCard>
          <InfoCard title="Promotion rate" tag="5–10% a month">
            Grinders moving up a tier each month keeps goals reachable.
          </InfoCard>
        </CardGrid>
        <Callout tone="tip">
          The dashboard's Overview tab shows paid percentage and activity at a glance; the{" "}
          <Link to="/docs/dashboard">dashboard guide</Link> explains it.
        </Callout>
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "Tier roles are not assigned",
              fixes: [
                "Hearth needs Manage Roles.",
                "Hearth's role must be above the tier roles.",
                "Check the tier is configured with a role in Setup.",
              ],
            },
            {
              problem: "Payments don't update",
              fixes: [
                <>
                  Check the amount format: <C>1.5m</C> or <C>1,500,000</C>. <C>1,5m</C> is refused as
                  ambiguous (a decimal comma or a thousands separator?).
                </>,
                <>
                  Check the action: <C>set</C> replaces the total.
                </>,
                "The member must be an active grinder.",
                "Payments are refused while the grinder is on a break: end the break first, then record it.",
              ],
            },
            {
              problem: "A break doesn't remove roles",
              fixes: [
                "Hearth needs Manage Roles above the tier roles.",
                <>
                  Use <C>1d</C>, <C>1w</C> or <C>1m</C> for the duration.
                </>,
                "A member holding several tier roles: remove the extras first.",
              ],
            },
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Build your team"
        command="/grinder add user:@member tier:Bronze"
        primary={{ to: "/commands?category=Grinder%20Management", label: "All grinder commands" }}
        secondary={{ to: "/docs/dashboard", label: "Manage from the dashboard" }}
      >
        Set up tiers, add your first grinder and record a payment.
      </DocsCta>
    </DocsArticle>
  );
}
