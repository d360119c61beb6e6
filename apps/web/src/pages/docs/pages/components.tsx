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
      <DocsHeader lead="Interactive components are buttons, select menus and forms you build once and attach to Hearth's messages. Each one runs actions: give or take roles, send a message, open a form, post the answers to a channel." />

      <DocsSection id="types" title="Component types">
        <CardGrid columns={3}>
          <InfoCard title="Buttons">A label, an emoji and a style; one click runs the actions.</InfoCard>
          <InfoCard title="Select menus">
            Members pick one or more options; each option has its own actions.
          </InfoCard>
          <InfoCard title="Forms">
            Pop-up forms with text fields; answers are posted to a channel you choose.
          </InfoCard>
        </CardGrid>
      </DocsSection>

      <DocsSection id="actions" title="Actions">
        <DataTable
          caption="Component actions"
          columns={["Action", "What happens"]}
          rows={[
            ["Give role", "Adds a role to the member who clicked."],
            ["Take role", "Removes a role."],
            ["Toggle role", "Adds the role, or removes it if they have it."],
            ["Send message", "Replies privately or posts in a channel."],
            ["Open form", "Shows a form to fill in."],
            ["Post answers", "Sends a form's answers to a channel, with who sent them."],
          ]}
        />
      </DocsSection>

      <DocsSection id="fields" title="What a component stores">
        <Bullets
          items={[
            <>
              A <C>component_id</C> and a name to find it by.
            </>,
            "Its label, emoji and type.",
            "Its list of actions.",
            "It keeps working after Hearth restarts.",
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
                  <C>/components create type:button name:verify</C> starts the builder.
                </>
              ),
            },
            {
              title: "Add actions",
              body: <>Pick what happens on click, e.g. give @Verified and reply "Welcome!".</>,
            },
            {
              title: "Test",
              body: (
                <>
                  <C>/components test</C> posts a private preview and runs it on you.
                </>
              ),
            },
            {
              title: "Post",
              body: (
                <>Post it in a channel from the builder, or attach it to an embed from the embed builder.</>
              ),
            },
          ]}
        />
      </DocsSection>

      <DocsSection id="commands" title="Commands" intro="Manage Server or the component management role.">
        <CommandTable caption="Component commands" prefixes={["components"]} />
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
