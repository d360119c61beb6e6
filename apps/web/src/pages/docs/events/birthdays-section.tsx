import { DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

export function BirthdaysSection() {
  return (
    <DocsSection
      id="birthdays"
      title="Birthdays"
      intro="Members save their birthday; Hearth announces it at midnight in the member's own time zone."
    >
      <CommandTable caption="Birthday commands" prefixes={["birthday"]} />
    </DocsSection>
  );
}
