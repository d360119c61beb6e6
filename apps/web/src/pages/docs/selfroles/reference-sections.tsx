import { DataTable, DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

/** The admin commands, what each one does, and a two-command example. */
export function AdminCommandsSection() {
  return (
    <DocsSection
      id="admin-commands"
      title="Admin commands"
      intro="Whitelist, create, quick, migrate, bind and delete need Administrator or Manage Server."
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
      <DataTable
        caption="What each admin command does"
        columns={["Command", "Flow"]}
        rows={[
          [
            "whitelist",
            "action:add checks the role (refused, warned or accepted); action:remove takes it off the whitelist and off every panel; action:view lists whitelisted and blacklisted roles with the reason.",
          ],
          [
            "create",
            "A form (name, title, description), then a private builder: a menu of whitelisted roles (25 per page, with Previous/More buttons when you have more), Buttons or Dropdown, the live preview, then Post panel or Cancel. Drafts last an hour.",
          ],
          [
            "quick",
            "Posts at once. roles takes mentions, role IDs or @names; an emoji right before a role goes on its button (🔴 @Red 🔵 @Blue). Title defaults to 'Pick your roles', display to buttons.",
          ],
          [
            "migrate",
            "Reads an existing reaction-role message and posts a button panel with the same roles and emojis in that channel (see Easy migration below).",
          ],
          [
            "bind",
            "Adds a saved panel's buttons or menu to a message Hearth posted (for example with /embed create), keeping its text and embed, and warns about roles it can't give yet. Give channel when the message is in another channel. Messages from other users or bots are refused: Discord only lets a bot add components to its own messages.",
          ],
          [
            "delete",
            "Asks for confirmation, then deletes the panel messages Hearth posted and removes the buttons from bound messages. Members keep the roles they have.",
          ],
        ]}
      />
      <h3 className="mt-6 font-semibold text-stone-100">Example</h3>
      <p className="mt-1 text-sm text-stone-300">A colour panel in two commands:</p>
      <div className="mt-2 space-y-1 font-mono text-sm text-stone-200">
        <p>/selfroles whitelist action:add role:@Red</p>
        <p>/selfroles quick channel:#self-roles roles:🔴 @Red 🔵 @Blue 🟢 @Green title:Colours</p>
      </div>
    </DocsSection>
  );
}

/** Who can do what, and the limits of panels and the whitelist. */
export function PermissionsSection() {
  return (
    <DocsSection id="permissions" title="Permissions and limits">
      <DataTable
        caption="Who can do what"
        columns={["Who", "Can"]}
        rows={[
          ["Everyone", "Use panels; /selfroles list"],
          [
            "Administrator or Manage Server",
            "whitelist, create, quick, migrate, bind, delete; the Restore button of a blacklist alert",
          ],
          [
            "Hearth itself",
            "Manage Roles and a role above every self-role; View Channel, Send Messages and Embed Links where panels go; Read Message History to migrate or bind",
          ],
        ]}
      />
      <DataTable
        caption="Limits"
        columns={["What", "Limit"]}
        rows={[
          ["Roles per panel", "1 to 25 (Discord's cap; the spec's '25 recommended' is enforced)"],
          ["Roles listed in the panel text", "15, then 'and X more available'"],
          ["Panel name", "1 to 50 characters, unique in the server (any capitalisation)"],
          ["Panel title", "256 characters (Discord's embed title limit)"],
          ["Panel description", "1,000 characters"],
          ["Whitelist", "250 roles per server (whitelisted and blacklisted together)"],
          ["/selfroles list", "up to 25 panels in one answer, then 'and X more'"],
          ["Unfinished /selfroles create drafts", "kept for one hour"],
        ]}
      />
    </DocsSection>
  );
}
