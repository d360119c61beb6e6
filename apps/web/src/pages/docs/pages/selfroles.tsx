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
      <DocsHeader lead="Role panels members use to give themselves roles: pings, colours, regions, games. Only roles you whitelist can be offered, and Hearth keeps watching them so a panel can never hand out a dangerous permission." />

      <DocsSection id="why" title="Why use Hearth's self-roles">
        <CardGrid columns={3}>
          <InfoCard title="Safe by default">
            Roles with Administrator, Manage Server or Manage Roles are refused outright.
          </InfoCard>
          <InfoCard title="Set up in about a minute">
            Whitelist roles, answer a few questions, and the panel is posted.
          </InfoCard>
          <InfoCard title="Easy to move to">
            Import an existing reaction-role message instead of rebuilding it.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="features" title="Features">
        <Bullets
          items={[
            "Panels with buttons or a dropdown menu; members click to add a role and click again to remove it.",
            "Up to 25 roles per panel (recommended); the panel text lists 15 and adds 'and X more available'.",
            "Guided creation in a conversation, or one-line quick panels.",
            "Bind a saved panel to an existing Hearth message to reuse your own text and embed.",
            "Replies are private, so the channel stays clean.",
          ]}
        />
      </DocsSection>

      <DocsSection id="security" title="Security">
        <p className="max-w-3xl leading-relaxed text-stone-300">
          The whitelist refuses roles holding <strong>Administrator</strong>, <strong>Manage Server</strong>{" "}
          or <strong>Manage Roles</strong>, and warns about roles with Ban or Kick Members. If a whitelisted
          role later gains a dangerous permission, Hearth blacklists it at once, takes it out of every panel
          and alerts the log channel. After you fix the role's permissions, restore it with the button in that
          alert.
        </p>
        <Callout tone="warning" title="Role order matters">
          Hearth can only give roles below its own role, and it needs Manage Roles. It checks both before
          posting a panel and tells you exactly what is wrong.
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
                  <C>/selfroles create</C> asks for a title, description, the roles and buttons or dropdown.
                </>
              ),
            },
            {
              title: "Deploy it",
              body: <>Hearth posts the panel in the channel you chose; it works immediately.</>,
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
          Members mostly use the panels themselves: a button press or a menu choice.
        </p>
      </DocsSection>

      <DocsSection
        id="admin-commands"
        title="Admin commands"
        intro="Whitelist, create, quick and migrate are for administrators (Administrator or Manage Server); bind and delete need Manage Server or Administrator."
      >
        <CommandTable
          caption="Self-role admin commands"
          names={[
            "selfroles whitelist",
            "selfroles create",
            "selfroles quick",
            "selfroles migrate",
            "selfroles bind",
            "selfroles delete",
          ]}
        />
        <h3 className="mt-6 font-semibold text-stone-100">Example</h3>
        <p className="mt-1 text-sm text-stone-300">A colour panel in two commands:</p>
        <div className="mt-2 space-y-1 font-mono text-sm text-stone-200">
          <p>/selfroles whitelist action:add role:@Red</p>
          <p>/selfroles quick channel:#self-roles roles:@Red @Blue @Green title:Colours</p>
        </div>
      </DocsSection>

      <DocsSection id="templates" title="Panel templates">
        <DataTable
          caption="Panel templates"
          columns={["Template", "For", "Example roles", "Display"]}
          rows={[
            ["Pings", "Opt-in notifications", "@Events, @Giveaways, @Updates", "Buttons"],
            ["Colours", "Name colours", "@Red, @Blue, @Green, @Purple", "Buttons"],
            ["Regions", "Time zones and regions", "@EU, @NA, @Asia, @OCE", "Dropdown"],
            ["Games", "What members play", "@Minecraft, @Valorant, @Roblox", "Dropdown"],
          ]}
        />
      </DocsSection>

      <DocsSection id="best-practices" title="Best practices">
        <Bullets
          items={[
            "Keep panels focused: one topic per panel, at most 25 roles.",
            "Give self-roles no permissions at all; use channel overrides for access instead.",
            "Put Hearth's role just above the highest self-role, not at the top of the list.",
            "Review the whitelist after restructuring roles.",
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "A role can't be added to a panel",
              fixes: [
                "It isn't whitelisted, or it was blacklisted automatically after gaining a dangerous permission.",
                "Fix its permissions, then use the restore button in the alert.",
              ],
            },
            {
              problem: "Security alerts in the log channel",
              fixes: [
                "Someone gave a self-role a dangerous permission. Remove the permission and restore the role.",
              ],
            },
            {
              problem: "Migration doesn't find the roles",
              fixes: [
                "Hearth needs Read Message History in that channel.",
                "Give the channel if the message is elsewhere.",
                "The reactions must map to roles in the original message's text.",
              ],
            },
            {
              problem: "Clicking a button does nothing",
              fixes: ["Hearth's role must be above the role and hold Manage Roles."],
            },
          ]}
        />
      </DocsSection>

      <DocsSection id="migration" title="Bonus: easy migration">
        <Steps
          steps={[
            { title: "Find the old message", body: <>Copy the ID of your existing reaction-role message.</> },
            {
              title: "Run migrate",
              body: (
                <>
                  <C>/selfroles migrate message_id:…</C> reads its emoji-to-role pairs.
                </>
              ),
            },
            { title: "Review", body: <>Hearth shows the roles it found and whitelists the safe ones.</> },
            {
              title: "Post and retire",
              body: <>The new panel is posted; delete the old message or unbind the old bot.</>,
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
