import { PageIntro } from "../components/ui/page-intro";

export function DiscoveryPage() {
  return (
    <PageIntro eyebrow="Discovery" title="Server Discovery">
      Browse public communities that use Hearth, search them, filter by tag and join with one click.
    </PageIntro>
  );
}
