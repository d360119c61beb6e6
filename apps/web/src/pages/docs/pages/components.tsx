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
      <DocsHeader lead="Interactive components are buttons, select menus and forms you build once in Discord and post with Hearth. Each one runs actions for the member who uses it: give, take or toggle a role, send a message, open a form, post the form's answers to a channel." />

      <DocsSection id="types" title="Component types">
        <CardGrid columns={3}>
          <InfoCard title="Buttons">
            A label (up to 80 characters), an optional emoji and a style: primary, secondary, success or
            danger. One click runs up to 5 actions.
          </InfoCard>
          <InfoCard title="Select menus">
            1 to 25 options, each with a label, a value and an optional description and emoji (100 characters
            each). Members pick one option; each option runs its own actions (up to 5).
          </InfoCard>
          <InfoCard title="Forms">
            A title (up to 45 characters) and 1 to 5 text fields, each short or paragraph, required or not,
            with an optional placeholder (the grey hint shown in the empty field, up to 100 characters) and an
            optional minimum and maximum length (0–4000). Posted as a button that opens the form; submitting
            runs up to 5 actions.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="actions" title="Actions">
        <DataTable
          caption="Component actions"
          columns={["Action", "What happens", "Used by"]}
          rows={[
            ["Give role", "Adds the role to the member (says so if they already have it).", "All"],
            ["Take role", "Removes the role (says so if they don't have it).", "All"],
            ["Toggle role", "Adds the role, or removes it if they have it.", "All"],
            [
              "Send message",
              "Up to 2000 characters: in the channel it was used in, in a chosen channel, or privately to the member only.",
              "All",
            ],
            [
              "Open form",
              "Shows the form of a form component. It must be the only action of its button or option: the form is the answer Discord shows.",
              "Buttons, select options",
            ],
            [
              "Post answers",
              "Posts an embed to a channel with the member, the form's title and each field's answer.",
              "Forms",
            ],
          ]}
        />
        <Callout tone="tip" title="Message tags">
          Message texts can use the same tags as welcome messages, like <C>{"{user.mention}"}</C>,{" "}
          <C>{"{user.displayName}"}</C> or <C>{"{server.name}"}</C>, filled in for the member who used the
          component. An unknown tag is refused when you save, with the closest known tag suggested.
        </Callout>
      </DocsSection>

      <DocsSection id="roles" title="Role rules">
        <Bullets
          items={[
            "The role can't be @everyone or a role managed by an integration (bot roles, the booster role).",
            "Hearth needs the Manage Roles permission, and its highest role must sit above the role.",
            "When you add the action, the role must also be below your own highest role (the server owner excepted).",
            "A role granting Administrator, Manage Server or Manage Roles is never given by a component: Give role and Toggle role refuse it, since anyone who clicks would get that power. Only an Administrator can attach such a role to a Take role action.",
            "The rules are checked again on every click, including a role that gained one of those permissions after it was attached: the member is told what is wrong, nothing is given, and the other actions still run.",
          ]}
        />
      </DocsSection>

      <DocsSection id="workflow" title="Workflow">
        <Steps
          steps={[
            {
              title: "Create",
              body: (
                <>
                  <C>/components create type:button name:verify channel:#rules</C> saves the component and
                  opens the private builder. The name is 1–50 characters and unique in the server.
                </>
              ),
            },
            {
              title: "Build",
              body: (
                <>
                  The builder's buttons open forms: <b>Appearance</b> (label, emoji, style, placeholder or
                  form title, and an optional plain-text message posted above the component),{" "}
                  <b>Add option</b> for menus, <b>Add field</b> for forms. The <b>Add an action…</b> menu adds
                  actions (for a menu, say which option runs it); <b>Remove…</b> takes items out. Every change
                  is saved at once.
                </>
              ),
            },
            {
              title: "Form fields",
              body: (
                <>
                  <b>Add field</b> asks for the label, the placeholder (optional, up to 100 characters), the
                  style (<C>short</C> or <C>paragraph</C>), whether it is required (<C>yes</C> or <C>no</C>)
                  and the length as <C>min-max</C>: <C>2-40</C> for 2 to 40 characters, <C>10-</C> for at
                  least 10, <C>-300</C> or <C>300</C> for at most 300, empty for no limit. Discord shows at
                  most five inputs in a form, so both lengths share one. The <b>Edit a field…</b> menu opens
                  the same form filled in with a field's settings; saving keeps the field in its place.
                </>
              ),
            },
            {
              title: "Done",
              body: (
                <>
                  <b>Done</b> checks the component is complete (a menu needs an option, a form a field, and
                  there must be at least one action), then posts it in the channel you gave to <C>create</C>.{" "}
                  <b>Post in…</b> asks for a channel and posts another copy there, for a component created
                  without one or to show it in more places; you must be able to post in that channel yourself.
                </>
              ),
            },
            {
              title: "Test",
              body: (
                <>
                  <C>/components test component:verify</C> shows a private preview carrying the real
                  component. Using it runs the actions on you, and the reply says it was a test run.
                </>
              ),
            },
          ]}
        />
      </DocsSection>

      <DocsSection id="lifecycle" title="Editing, deleting and restarts">
        <Bullets
          items={[
            <>
              <C>/components edit component:verify</C> (name or ID) opens the same builder; every change also
              updates the messages the component was posted in.
            </>,
            <>
              <C>/components delete component:verify</C> asks for confirmation, then deletes the component and
              removes it from its posted messages. A click on any old copy answers "This component was
              deleted."
            </>,
            <>
              Components are stored in the database with their <C>component_id</C>, which is carried by the
              button or menu itself, so a click works long after Hearth restarts.
            </>,
            <>
              A Discord menu lists at most 25 entries, so <b>Remove…</b> shows the actions, options and fields
              25 at a time. When there are more, <b>Previous</b> and <b>Next</b> buttons below it turn the
              pages (the menu says which page it shows), and the panel stays on that page after a removal.
              When two people edit the same component and the list changed since your menu was drawn, a pick
              from it removes nothing: the panel is redrawn with the current list (and says so), so you never
              remove an item you didn't choose.
            </>,
            "Every answer to a member is private (only they see it), and arrives within Discord's 3-second window.",
            "A server holds up to 100 components.",
          ]}
        />
      </DocsSection>

      <DocsSection id="commands" title="Commands" intro="Manage Server or the component management role.">
        <CommandTable caption="Component commands" prefixes={["components"]} />
        <Callout tone="info" title="The component management role">
          A member with Manage Server runs <C>/components edit manager_role:@Builders</C> to let members of
          @Builders create, edit, test and delete components without Manage Server. Pick @everyone to clear
          it. Only Manage Server members can change this role.
        </Callout>
      </DocsSection>

      <DocsSection id="limits" title="Limits">
        <DataTable
          caption="Component limits"
          columns={["What", "Limit"]}
          rows={[
            ["Name", "1–50 characters, unique per server"],
            ["Button label", "80 characters"],
            ["Menu placeholder", "150 characters"],
            ["Menu options", "1–25; label, value and description 100 characters each"],
            ["Form title", "45 characters"],
            ["Form fields", "1–5; label 45 characters; placeholder 100 characters; answer length 0–4000"],
            ["Actions", "5 per button, per menu option, per form"],
            ["Message text", "2000 characters"],
            [
              "Posted answers",
              "Embed fields of 1024 characters: a longer answer continues in the next field, and more than 6000 characters go on in another message",
            ],
          ]}
        />
      </DocsSection>

      <DocsSection id="troubleshooting" title="Troubleshooting">
        <Troubleshooting
          items={[
            {
              problem: "A role isn't given",
              fixes: [
                "Give Hearth the Manage Roles permission.",
                "Move Hearth's role above the role in Server Settings → Roles.",
                "Managed roles and @everyone can't be given by any bot.",
                "Roles with Administrator, Manage Server or Manage Roles are never given by a component; remove the permission from the role or use another role.",
              ],
            },
            {
              problem: '"This component isn\'t finished yet"',
              fixes: [
                "Open it with /components edit and add what the panel says is missing, then press Done.",
              ],
            },
            {
              problem: "The answers aren't posted",
              fixes: [
                "Check the channel of the Post answers action still exists and Hearth can send messages and embeds there.",
              ],
            },
            {
              problem: '"You need Manage Server…"',
              fixes: [
                "Ask a member with Manage Server to give you the component management role, or to set one with /components edit manager_role.",
              ],
            },
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Build a button"
        command="/components create type:button name:verify"
        primary={{ to: "/docs/embeds", label: "Embed Builder" }}
        secondary={{ to: "/docs/selfroles", label: "Self-roles" }}
      >
        Verification buttons, application forms, role menus.
      </DocsCta>
    </DocsArticle>
  );
}
