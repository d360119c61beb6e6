import { type ComponentProps, lazy, Suspense } from "react";
import { PreviewFallback } from "../shared/preview-fallback";

// The preview's Discord renderer loads with the form that shows it, not with the dashboard's first page.
const GiveawayPreview = lazy(() =>
  import("./giveaway-preview").then((module) => ({ default: module.GiveawayPreview })),
);

/** `GiveawayPreview`, its code loaded when first shown (a placeholder until then). */
export function LazyGiveawayPreview(props: ComponentProps<typeof GiveawayPreview>) {
  return (
    <Suspense fallback={<PreviewFallback />}>
      <GiveawayPreview {...props} />
    </Suspense>
  );
}
