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
  Troubleshooting,
} from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Perks reward members who hold a perk role — boosters, supporters, VIPs — with things they control themselves: auto-reactions, keyword highlights, a private channel and role, an AFK note and auto-responders." />

      <DocsSection id="perks" title="What members get">
        <CardGrid columns={3}>
          <InfoCard title="Auto-reactions">
            Hearth reacts to their messages with the emojis they choose (typically 1–5).
          </InfoCard>
          <InfoCard title="Highlights">
            A DM when a keyword (1–30 characters, any case) appears in a channel they can read, with a
            cooldown.
          </InfoCard>
          <InfoCard title="Private channel">
            A channel they own and invite friends to, up to the tier's member cap (typically 5–20).
          </InfoCard>
          <InfoCard title="Private role">
            A role of their own to share with friends, up to the tier's cap.
          </InfoCard>
          <InfoCard title="AFK">
            <C>/afk</C> sets a note shown to anyone who mentions them; it clears when they next send a
            message, and they see who pinged them.
          </InfoCard>
          <InfoCard title="Auto-responders">
            A keyword that makes Hearth answer with text or an embed.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="tiers" title="Perk tiers" intro="A tier links a role to limits. Example tiers:">
        <DataTable
          caption="Example perk tiers"
          columns={["Tier", "Emojis", "Channel members", "Role members", "Responders"]}
          rows={[
            ["Supporter", "2", "—", "—", "1"],
            ["VIP", "4", "10", "5", "3"],
            ["Premium", "6", "20", "15", "5"],
          ]}
        />
      </DocsSection>

      <DocsSection
        id="member-commands"
        title="Member commands"
        intro="Members need a perk role; the panel shows only what their tier allows."
      >
        <CommandTable caption="Perk member commands" names={["perks", "afk"]} />
      </DocsSection>

      <DocsSection id="admin-commands" title="Admin commands" intro="Administrator or Manage Server.">
        <CommandTable caption="Perk admin commands" prefixes={["perks-admin"]} />
        <Callout tone="danger" title="Irreversible">
          Deleting a tier can't be undone: its members lose the tier's perks, and their private channels and
          roles are removed when auto-cleanup is on.
        </Callout>
      </DocsSection>

      <DocsSection id="cleanup" title="Auto-cleanup">
        <p className="max-w-3xl leading-relaxed text-stone-300">
          With <C>/perks-admin settings auto_cleanup:true</C>, Hearth removes the private channels and roles
          of members who lost their perk role, on a schedule that survives restarts. Losing the perk role
          always removes the perks themselves.
        </p>
      </DocsSection>

      <DocsSection id="tips" title="Tips">
        <Bullets
          items={[
            "Start generous on emojis and strict on private channels.",
            "Link perk tiers to your booster or vote reward role for automatic perks.",
            "Tell members about /perks in your booster thank-you message.",
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "The perks panel doesn't open",
              fixes: [
                "The member needs a role linked to a perk tier.",
                "Check the tier still exists with /perks-admin list.",
              ],
            },
            {
              problem: "Private channels aren't created",
              fixes: [
                "The tier's channel member cap may be 0.",
                "Hearth needs Manage Channels, and the server may be at Discord's channel limit.",
              ],
            },
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Reward your supporters"
        command="/perks-admin create name:VIP role:@VIP emojis:4 channel_members:10 role_members:5 responders:3"
        primary={{ to: "/commands?q=perks", label: "Perk commands" }}
        secondary={{ to: "/docs/statica", label: "Statica rewards" }}
      >
        Create a tier, link a role, done.
      </DocsCta>
    </DocsArticle>
  );
}
