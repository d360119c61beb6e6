import { Link } from "react-router";
import { AdminCommandsSection, PermissionsSection } from "../selfroles/reference-sections";
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
      <DocsHeader lead="Role panels members use to give themselves roles: pings, colours, regions, games. Only roles you whitelist can be offered, and Hearth keeps watching them: a role that gains a dangerous permission is pulled from every panel." />

      <DocsSection id="why" title="Why use Hearth's self-roles">
        <CardGrid columns={3}>
          <InfoCard title="Safe by default">
            Roles with a moderation or admin permission (Administrator, Manage Server, Manage Roles, Ban
            Members…) can never be whitelisted, and a whitelisted role that gains one is pulled from every
            panel automatically.
          </InfoCard>
          <InfoCard title="Set up in about a minute">
            Whitelist the roles, then post a panel with one <C>/selfroles quick</C> or a short guided
            conversation.
          </InfoCard>
          <InfoCard title="Easy to move to">
            Import the roles and emojis of an existing reaction-role message instead of rebuilding it.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="features" title="Features">
        <Bullets
          items={[
            "Panels with buttons (rows of five, labelled with the role's name and an optional emoji) or one dropdown menu.",
            "Buttons toggle: press to get the role, press again to give it back. The dropdown sets your selection: the panel's roles you pick are given and the panel's roles you leave out are taken off. The menu can't show what you already have, so pick every role of that panel you want to keep.",
            "Up to 25 roles per panel, Discord's limit for buttons or menu options on one message. The panel text lists the first 15 and then 'and X more available'.",
            "Guided creation in a private conversation with a live preview, or one-line quick panels.",
            "Bind a saved panel to a message Hearth already posted, to reuse your own text and embed.",
            "Every answer to a member is private (ephemeral), so the channel stays clean. Panels keep working after restarts.",
          ]}
        />
      </DocsSection>

      <DocsSection id="security" title="Security">
        <p className="max-w-3xl leading-relaxed text-stone-300">
          The whitelist follows the{" "}
          <Link
            to="/docs/security#roles"
            className="text-ember-300 underline underline-offset-4 hover:text-ember-200"
          >
            role-safety rule
          </Link>
          : it refuses roles holding a moderation or admin permission (<strong>Administrator</strong>,{" "}
          <strong>Manage Server</strong>, <strong>Manage Roles</strong>, <strong>Ban Members</strong>,{" "}
          <strong>Kick Members</strong> and the rest of its list) and says which, and roles above your own
          highest role. @everyone and roles managed by an integration (bot roles, the booster role) are
          refused. Only whitelisted roles can go on a panel.
        </p>
        <Bullets
          items={[
            "Automatic blacklist: when a whitelisted role gains Administrator, Manage Server or Manage Roles, Hearth blacklists it at once, takes it off every panel and redraws the posted panels (and the buttons of bound messages). It also checks the whole whitelist each time Discord sends it the server (at start-up and after a full reconnect), and checks the role again whenever a member presses a button or uses a menu, so a change made while it was offline is caught too.",
            <>
              The alert goes to the log channel set with <C>/setup log_channel</C>; without one, Hearth sends
              it to the server owner by DM.
            </>,
            "The alert has a Restore button. Only members with Administrator or Manage Server can use it, and it works only once the dangerous permission is gone (Hearth checks the role again when you press it). The role goes back on the whitelist and back on the panels it was taken from, with its emoji, if those panels still exist and have room.",
            "Removing a role from the whitelist takes it off every panel too. A deleted role disappears from the whitelist and from every panel.",
          ]}
        />
        <Callout tone="warning" title="Role order matters">
          Hearth can only give roles below its own highest role, and it needs Manage Roles. It checks both
          every time a member presses a button and tells them exactly what to fix. It also warns you when you
          whitelist a role, post a panel or bind one whose roles it can't give yet.
        </Callout>
      </DocsSection>

      <DocsSection id="setup" title="Set up in four steps">
        <Steps
          steps={[
            {
              title: "Whitelist roles",
              body: (
                <>
                  <C>/selfroles whitelist action:add role:@Role</C> for each role members may pick.
                </>
              ),
            },
            {
              title: "Create the panel",
              body: (
                <>
                  <C>/selfroles create channel:#self-roles</C> opens a form for the name, title and
                  description, then a private builder where you pick the roles, choose buttons or dropdown and
                  see the preview.
                </>
              ),
            },
            {
              title: "Deploy it",
              body: <>Press Post panel: Hearth posts it in the channel you chose and it works at once.</>,
            },
            {
              title: "Let Hearth keep it safe",
              body: <>Dangerous role changes are caught and the role is pulled from panels automatically.</>,
            },
          ]}
        />
      </DocsSection>

      <DocsSection id="user-commands" title="Commands for everyone">
        <CommandTable caption="Self-role commands for everyone" names={["selfroles list"]} />
        <p className="mt-3 text-sm text-stone-300">
          <C>/selfroles list</C> shows every panel, its roles and links to where it is posted or bound.
          Members mostly use the panels themselves: a button press or a menu choice, answered privately with
          &quot;Added @Role&quot; or &quot;Removed @Role&quot;.
        </p>
      </DocsSection>

      <AdminCommandsSection />

      <PermissionsSection />

      <DocsSection id="templates" title="Panel ideas">
        <p className="mb-3 text-sm text-stone-300">
          Suggestions to build with <C>/selfroles quick</C> or <C>/selfroles create</C>; there is no template
          command.
        </p>
        <DataTable
          caption="Panel ideas"
          columns={["Panel", "Description", "Example roles", "Features"]}
          rows={[
            ["Pings", "Opt-in notifications", "@Events, @Giveaways, @Updates", "Dropdown: pick any number"],
            ["Colours", "Name colours", "@Red, @Blue, @Green, @Purple", "Buttons with colour emojis"],
            ["Regions", "Time zones and regions", "@EU, @NA, @Asia, @OCE", "Dropdown"],
            ["Games", "What members play", "@Minecraft, @Valorant, @Roblox", "Buttons, up to 25"],
          ]}
        />
      </DocsSection>

      <DocsSection id="best-practices" title="Best practices">
        <Bullets
          items={[
            "Keep panels focused: one topic per panel.",
            "Give self-roles no permissions at all; use channel overrides for access instead.",
            "Put Hearth's role just above the highest self-role, not at the top of the list.",
            "Set a log channel with /setup so blacklist alerts reach your staff, not only the owner's DMs.",
            "Review the whitelist with /selfroles whitelist action:view after restructuring roles.",
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "A role can't be added to a panel",
              fixes: [
                "It isn't whitelisted: add it with /selfroles whitelist action:add.",
                "It was blacklisted automatically after gaining a dangerous permission: remove the permission, then press Restore in the alert.",
              ],
            },
            {
              problem: "Security alert: 'Self-role blacklisted'",
              fixes: [
                "Someone gave a self-role Administrator, Manage Server or Manage Roles. Remove the permission and press Restore.",
                "Pressing Restore too early answers 'Not yet' and names the permission still on the role.",
              ],
            },
            {
              problem: "Migration doesn't find the roles",
              fixes: [
                "Give the channel option when the message is in another channel; Hearth needs Read Message History there.",
                "Each role should be on its own line with its emoji: 🔴 @Red, 🔴 <role mention>, or just 🔴 - Red when the line holds nothing but the emoji and the role's exact name. Otherwise the message must mention its roles (in its text or embed) in the same order as its reactions, with as many reactions as roles.",
                "Roles that aren't whitelisted are listed as skipped: whitelist them and run migrate again.",
              ],
            },
            {
              problem: "Pressing a button answers with an error",
              fixes: [
                "'I need the Manage Roles permission': turn it on for Hearth's role.",
                "'…sits above my highest role': drag Hearth's role above the self-role in Server Settings → Roles.",
              ],
            },
            {
              problem: "bind refuses the message",
              fixes: [
                "Only messages Hearth posted can carry its buttons; post one with /embed create first.",
              ],
            },
          ]}
        />
      </DocsSection>

      <DocsSection id="migration" title="Bonus: easy migration">
        <Steps
          steps={[
            {
              title: "Whitelist the roles",
              body: <>Migration only imports whitelisted roles; it never whitelists anything by itself.</>,
            },
            {
              title: "Run migrate",
              body: (
                <>
                  <C>/selfroles migrate message_id:… channel:#roles</C> reads the emoji and role pairs in the
                  message's text, embed descriptions and fields. When no line pairs them, it pairs the
                  message's reactions, in order, with the roles the message mentions.
                </>
              ),
            },
            {
              title: "Review",
              body: (
                <>
                  Hearth posts a button panel with the same emojis in that channel and lists every role it
                  skipped and why (not whitelisted, dangerous permissions, blacklisted, deleted, managed, over
                  25). A custom emoji from another server is left off its button, since Discord wouldn't let
                  Hearth use it; the role is still imported.
                </>
              ),
            },
            {
              title: "Retire the old message",
              body: (
                <>Members now press buttons instead of reacting; delete the old message when you're ready.</>
              ),
            },
          ]}
        />
        <p className="mt-4 inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1 text-sm text-stone-300">
          Quick Setup Tutorial video: coming soon
        </p>
      </DocsSection>

      <DocsCta
        title="Give members their roles"
        command="/selfroles create channel:#self-roles"
        primary={{ to: "/invite", label: "Add Hearth" }}
        secondary={{ to: "/commands?category=Server%20Configuration", label: "View all commands" }}
      >
        Whitelist, create, deploy: about a minute.
      </DocsCta>
    </DocsArticle>
  );
}
