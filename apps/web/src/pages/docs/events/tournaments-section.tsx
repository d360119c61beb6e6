import { DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

export function TournamentsSection() {
  return (
    <DocsSection
      id="tournaments"
      title="Tournaments"
      intro="Single-elimination brackets for 2 to 64 players, with sign-ups by button and a public bracket page."
    >
      <CommandTable caption="Tournament commands" prefixes={["tournament"]} />
    </DocsSection>
  );
}
