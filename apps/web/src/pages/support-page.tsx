import { PageIntro } from "../components/ui/page-intro";

export function SupportPage() {
  return (
    <PageIntro eyebrow="Help" title="Support">
      Join the support server, read answers to common questions and see how quickly the team responds.
    </PageIntro>
  );
}
