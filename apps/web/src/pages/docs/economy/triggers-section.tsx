import { triggerLimits } from "@hearth/core";
import { Bullets, C, DataTable, DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

/** Server triggers and the member trigger limit. */
export function TriggersSection() {
  return (
    <DocsSection
      id="triggers"
      title="Server triggers"
      intro={
        <>
          A trigger is a keyword Hearth answers in chat with a text or embed reply, written in the template
          language (<C>{"{user.mention}"}</C>, <C>{"{server.name}"}</C>, …). Staff make as many as they like;
          members may make their own, up to the <strong>Member trigger limit</strong>.
        </>
      }
    >
      <CommandTable caption="Trigger commands" prefixes={["trigger"]} />
      <div className="mt-6">
        <DataTable
          caption="Match modes (always case-insensitive)"
          columns={["Mode", "Keyword gg answers", "…but not"]}
          rows={[
            ["word (default)", "“gg!”, “that was GG”", "“eggs”"],
            ["contains", "“gg”, “eggs”", "—"],
            ["exact", "“gg”, “  GG ”", "“gg all”"],
          ]}
        />
      </div>
      <div className="mt-6">
        <Bullets
          items={[
            <>
              Staff are members with Manage Server or Manage Messages: their triggers don't count against any
              limit and they can edit or remove any trigger. A member can edit and remove only their own, and
              own at most the <strong>Member trigger limit</strong> ({triggerLimits.memberDefault} by default,
              1 to 100, on the Settings tab). A server has at most {triggerLimits.maxPerServer} triggers; one
              per keyword.
            </>,
            <>
              One reply per message: the oldest trigger whose keyword the message has. The same trigger
              answers at most once every {triggerLimits.cooldownSeconds} seconds in a channel. Bots and
              webhooks are never answered, so two bots can't answer each other forever. A trigger's{" "}
              <C>{"{user.mention}"}</C> can ping only the member who said the keyword.
            </>,
            <>
              Replies: text up to {triggerLimits.textMax} characters, or an embed (optional title up to{" "}
              {triggerLimits.embedTitleMax}, description up to {triggerLimits.embedDescriptionMax}). An
              unknown tag is refused with a suggestion (“Did you mean {"{user.mention}"}?”).
            </>,
            <>
              The dashboard's Settings tab lists every trigger (keyword, mode, reply, who made it) with
              Delete. A change applies at once: each server's keywords are compiled in memory, so a message
              that matches nothing costs no database read; another process sees a change within 15 seconds.
            </>,
          ]}
        />
      </div>
    </DocsSection>
  );
}
