import { PageIntro } from "../components/ui/page-intro";

export function RefundPage() {
  return (
    <PageIntro eyebrow="Legal" title="Refund Policy">
      How refunds for premium purchases are handled.
    </PageIntro>
  );
}
