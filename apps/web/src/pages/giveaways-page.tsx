import { PageIntro } from "../components/ui/page-intro";

export function GiveawaysPage() {
  return (
    <PageIntro eyebrow="Public giveaways" title="Giveaways">
      Public giveaways from servers using Hearth: search them, filter active or ended ones and sort by what
      matters to you.
    </PageIntro>
  );
}
