import { PageIntro } from "../components/ui/page-intro";

export function PrivacyPage() {
  return (
    <PageIntro eyebrow="Legal" title="Privacy Policy">
      What information Hearth collects, why it is collected, and how it is stored and protected.
    </PageIntro>
  );
}
