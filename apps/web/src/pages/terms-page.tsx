import { PageIntro } from "../components/ui/page-intro";

export function TermsPage() {
  return (
    <PageIntro eyebrow="Legal" title="Terms of Service">
      The terms that govern your use of Hearth, in anchored sections with a table of contents.
    </PageIntro>
  );
}
