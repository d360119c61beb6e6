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

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Perks reward members who hold a perk role — boosters, supporters, VIPs — with things they control themselves: auto-reactions, keyword highlights, a private channel and role, an AFK note and auto-responders." />

      <DocsSection id="perks" title="What members get">
        <CardGrid columns={3}>
          <InfoCard title="Auto-reactions">
            Hearth reacts to each of their messages with the emojis they choose: unicode emojis or this
            server's own custom emojis, up to their tier's limit.
          </InfoCard>
          <InfoCard title="Highlights">
            A direct message when one of their keywords (1–30 characters, any case, whole words only) appears
            in a channel or thread they can read. Up to 25 keywords each.
          </InfoCard>
          <InfoCard title="Private channel">
            A text channel hidden from everyone else, shared with up to the tier's channel member cap.
          </InfoCard>
          <InfoCard title="Private role">
            A role with no permissions, their own name and <C>#RRGGBB</C> colour, which Hearth gives to up to
            the tier's role member cap.
          </InfoCard>
          <InfoCard title="AFK">
            <C>/afk</C> sets a note shown to anyone who mentions them; their next message in the server clears
            it and tells them who pinged them.
          </InfoCard>
          <InfoCard title="Auto-responders">
            A trigger word or phrase that makes Hearth answer in the channel with text or an embed.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection
        id="tiers"
        title="Perk tiers"
        intro="A tier links one role to a set of limits. Members with several perk roles get the best of each: the highest of every limit, and a feature when any of their tiers allows it."
      >
        <DataTable
          caption="What a tier sets"
          columns={["Setting", "Option", "Range", "If not given"]}
          rows={[
            [
              "Name",
              <C key="n">name</C>,
              "1–50 characters, unique in the server (case-insensitive)",
              "required",
            ],
            [
              "Linked role",
              <C key="r">role</C>,
              "Not @everyone, not a role managed by an integration, one tier per role",
              "required",
            ],
            ["Auto-reaction emojis", <C key="e">emojis</C>, "0–20", "0"],
            ["Highlights", <C key="h">highlights</C>, "on/off", "on"],
            ["Private channel members", <C key="c">channel_members</C>, "0–100 (0 = no channel)", "0"],
            ["Private role members", <C key="m">role_members</C>, "0–100 (0 = no role)", "0"],
            ["AFK", <C key="a">afk</C>, "on/off", "on"],
            ["Auto-responders", <C key="s">responders</C>, "0–25", "0"],
          ]}
        />
        <DataTable
          caption="Example perk tiers"
          columns={["Tier", "Emojis", "Channel members", "Role members", "Responders"]}
          rows={[
            ["Supporter", "2", "—", "—", "1"],
            ["VIP", "4", "10", "5", "3"],
            ["Premium", "6", "20", "15", "5"],
          ]}
        />
        <Callout title="Member caps count your friends, not you">
          A channel or role cap of 10 means the owner plus up to 10 other members. The docs of the old bot
          suggested 1–5 emojis and 5–20 channel members; those are good starting points, and Hearth accepts
          0–20 emojis and caps of 0–100.
        </Callout>
      </DocsSection>

      <DocsSection
        id="member-commands"
        title="Member commands"
        intro="Members need a role linked to a perk tier; anyone else gets a short explanation listing the roles that give perks."
      >
        <CommandTable caption="Perk member commands" names={["perks", "afk"]} />
      </DocsSection>

      <DocsSection
        id="panel"
        title="The /perks panel"
        intro="/perks opens a private panel showing the member's tiers, limits and current perks, with buttons for each perk. Buttons for what the tier doesn't include are greyed out."
      >
        <Steps
          steps={[
            {
              title: "Auto-reactions",
              body: "A form with the emojis, separated by spaces or commas (🔥 ⭐ or <:name:id>); emojis typed together (🔥⭐) count one by one. Anything that isn't an emoji, a custom emoji from another server, or more emojis than the tier allows is refused with the reason, and nothing changes. Leave it empty to stop the reactions.",
            },
            {
              title: "Highlights",
              body: "A form with one keyword per line (commas separate too), replacing the list. Keywords are stored in lower case and matched as whole words; a keyword over 30 characters or more than 25 keywords are refused and the old list stays.",
            },
            {
              title: "Private channel",
              body: "Create channel asks for a name and, optionally, the members to let in (checked before the channel is made, so a refused list creates nothing); Channel members changes who can see it; Delete channel asks for confirmation, then removes it. Hearth hides it from @everyone and allows the owner, the members and itself to view, write and read the history.",
            },
            {
              title: "Private role",
              body: "Create role (or Edit role to rename and recolour) asks for a name, an optional #RRGGBB colour and the members to give it to (checked first, so a refused list changes nothing); Delete role asks for confirmation, then removes it.",
            },
            {
              title: "Auto-responders",
              body: "Add responder asks for the trigger and either a text response or an embed (title, description, #RRGGBB colour); the menu below the buttons removes responders.",
            },
          ]}
        />
        <Callout tone="tip" title="Adding friends">
          In the member fields, write mentions or user ids, one per line. Quicker: run{" "}
          <C>/perks member:@Friend</C> and use the buttons to add them to (or remove them from) your channel
          and role.
        </Callout>
        <Callout tone="warning" title="Renaming a channel">
          Private channels can't be renamed from the panel yet: delete the channel and create a new one (its
          messages are lost).
        </Callout>
      </DocsSection>

      <DocsSection id="limits" title="Limits and behaviour">
        <DataTable
          caption="Perk limits"
          columns={["What", "Rule"]}
          rows={[
            [
              "Highlight keywords",
              "1–30 characters each, case-insensitive, whole words, up to 25 per member",
            ],
            [
              "Highlight DMs",
              "Only for channels the member can view and read the history of (a thread follows its parent channel; private threads never send highlights); not for their own messages or messages that already ping them; not while they've spoken in that channel in the last 5 minutes; at most one per channel every 5 minutes",
            ],
            ["AFK note", "Up to 200 characters; “AFK” when left empty"],
            [
              "AFK replies",
              "When a message mentions an AFK member, Hearth posts their note and since when, at most once per channel every 5 minutes; every mention is kept for the welcome-back summary",
            ],
            [
              "Welcome back",
              "The member's next message in the server clears the note; Hearth posts how many times they were mentioned, with who, where and a jump link for the first 10, and deletes that message after a minute",
            ],
            [
              "Auto-responders",
              "Trigger up to 50 characters (whole words, any case); text up to 2,000 characters; embed title up to 256 characters and description up to 4,000 (the most a Discord form field takes); each answers at most once every 30 seconds, and at most 3 responders answer one message",
            ],
            [
              "Over the limit",
              "If a tier shrinks, the first emojis and the oldest responders stay active and nothing is deleted. Channel and role members already added keep access; the owner can take people off (one at a time too) but add nobody until the list fits the new cap",
            ],
          ]}
        />
      </DocsSection>

      <DocsSection id="admin-commands" title="Admin commands" intro="Administrator or Manage Server.">
        <CommandTable caption="Perk admin commands" prefixes={["perks-admin"]} />
        <Callout tone="danger" title="Irreversible">
          <C>/perks-admin delete</C> and <C>/perks-admin deleteuser</C> ask for confirmation first. Deleting a
          tier can't be undone: its members keep only what their other tiers allow. Removing a member's perks
          deletes their private channel and role on Discord and forgets their auto-reactions, highlights,
          responders and AFK note.
        </Callout>
      </DocsSection>

      <DocsSection id="cleanup" title="Losing the perk role and auto-cleanup">
        <Bullets
          items={[
            "Perks follow the member's roles at every message: when they lose their perk role, auto-reactions, highlights and responders stop at once and /afk is refused. Their emojis, keywords and responders are kept, so getting the role back restores them. An AFK note set before is dropped the next time someone mentions them, without being shown.",
            "Their private channel and role are marked expired when no tier they hold allows them any more (role removed, tier edited or deleted, the tier's role deleted on Discord, or the member left). An expired channel and role keep working for the people in them, but the owner can no longer add or remove people.",
            "A tier whose role is deleted on Discord stays in the list with no one holding it: link it to another role with /perks-admin edit, or delete it.",
            "A private channel or role deleted by hand in Discord is forgotten (with its expired mark and any pending cleanup), so the owner can create a new one.",
            <>
              With auto-cleanup off (the default) expired channels and roles stay until an admin runs{" "}
              <C>/perks-admin deleteuser</C>.
            </>,
            <>
              With <C>/perks-admin settings auto_cleanup:true</C>, Hearth deletes an expired channel and role
              24 hours after the perk was lost, through a scheduled job that survives restarts. Getting the
              role back within those 24 hours cancels the cleanup. Switching it on also schedules members who
              expired earlier.
            </>,
          ]}
        />
      </DocsSection>

      <DocsSection id="bot-permissions" title="What Hearth needs">
        <Bullets
          items={[
            "Manage Channels, to create, share and delete private channels.",
            "Manage Roles, with Hearth's role above the private roles (new roles start at the bottom, so this holds unless you move them).",
            "Add Reactions and Read Message History for auto-reactions; Send Messages and Embed Links for AFK notes and responders.",
            "The Message Content intent, so highlights, responders and AFK mentions can read messages.",
          ]}
        />
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
                "The member needs a role linked to a perk tier; the reply lists those roles.",
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
            {
              problem: "No highlight DMs",
              fixes: [
                "The member's DMs must be open to server members.",
                "They won't get one for a channel they can't read, one they spoke in during the last 5 minutes, or within 5 minutes of the previous highlight from that channel.",
              ],
            },
            {
              problem: "A private role can't be given",
              fixes: ["Hearth needs Manage Roles and its role must sit above the private role."],
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
