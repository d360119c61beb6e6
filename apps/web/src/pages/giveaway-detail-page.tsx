import { PageIntro } from "../components/ui/page-intro";

export function GiveawayDetailPage() {
  return (
    <PageIntro eyebrow="Giveaway" title="Giveaway Details">
      The prize, host, entry requirements, winners and participants of this giveaway.
    </PageIntro>
  );
}
