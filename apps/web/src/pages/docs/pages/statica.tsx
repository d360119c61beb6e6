import {
  Bullets,
  C,
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
      <DocsHeader lead="Statica rewards members who promote your server: those who wear your server tag, or have a keyword such as your invite in their custom status, get reward roles automatically, and lose them when they stop." />

      <DocsSection id="methods" title="Tracking methods">
        <DataTable
          caption="Tracking methods"
          columns={["Method", "A member qualifies when…"]}
          rows={[
            ["Server tag", "they display your server's tag next to their name."],
            ["Status", "their custom status contains one of your keywords."],
            ["Both", "they meet both conditions."],
            ["Either", "they meet at least one condition."],
          ]}
        />
      </DocsSection>

      <DocsSection id="options" title="Options">
        <CardGrid>
          <InfoCard title="Keywords">
            Your vanity invite, server name or slogan. Case-sensitive or not; require all keywords or match
            any.
          </InfoCard>
          <InfoCard title="Roles">
            One set of reward roles, or separate roles per condition (a tag role and a status role).
          </InfoCard>
          <InfoCard title="Removal">
            Remove roles when a member leaves, and when they no longer meet the condition.
          </InfoCard>
          <InfoCard title="Notifications">
            Optional DMs when a role is given or taken, and a log channel for every change.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="setup" title="Setup">
        <Steps
          steps={[
            {
              title: "Configure",
              body: (
                <>
                  <C>/statica setup</C> or the dashboard's Supporters tab: method, keywords, roles, logging.
                </>
              ),
            },
            {
              title: "Test",
              body: (
                <>
                  <C>/statica test user:@member</C> explains whether a member qualifies and why.
                </>
              ),
            },
            {
              title: "Go live",
              body: (
                <>
                  Hearth checks members as their status and tag change; <C>/statica refresh</C> checks
                  everyone now.
                </>
              ),
            },
          ]}
        />
      </DocsSection>

      <DocsSection id="commands" title="Commands" intro="Manage Server.">
        <CommandTable caption="Statica commands" prefixes={["statica"]} />
      </DocsSection>

      <DocsSection id="states" title="Disable or remove">
        <Bullets
          items={[
            <>
              <C>/statica disable</C> pauses it and keeps the configuration for later.
            </>,
            <>
              <C>/statica remove</C> deletes the configuration.
            </>,
            "Hearth's role must sit above the reward roles, with Manage Roles.",
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Reward your promoters"
        command="/statica setup"
        primary={{ to: "/dashboard", label: "Open the Supporters tab" }}
        secondary={{ to: "/docs/perks", label: "Combine with Perks" }}
      >
        Members who show off your server get something back.
      </DocsCta>
    </DocsArticle>
  );
}
