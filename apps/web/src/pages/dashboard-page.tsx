import { PageIntro } from "../components/ui/page-intro";

export function DashboardPage() {
  return (
    <PageIntro eyebrow="Server management" title="Dashboard">
      Manage your server's grinders, supporters, setup, settings, giveaways, greetings and timers with your
      dashboard token.
    </PageIntro>
  );
}
