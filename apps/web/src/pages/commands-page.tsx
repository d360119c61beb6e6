import { PageIntro } from "../components/ui/page-intro";

export function CommandsPage() {
  return (
    <PageIntro eyebrow="Catalogue" title="Commands">
      Every Hearth slash command in eight categories, searchable and filterable, with usage, required
      permissions and examples.
    </PageIntro>
  );
}
