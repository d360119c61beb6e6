export type FeatureIconName = "bolt" | "gift" | "chart" | "shield" | "gauge";

const paths: Record<FeatureIconName, string> = {
  bolt: "M13 2 4 14h7l-1 8 9-12h-7l1-8z",
  gift: "M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3.5-5-1s5 1 5 1zm0 0c1.5-3 5-3.5 5-1s-5 1-5 1z",
  chart: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  shield: "M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3zM9 12l2 2 4-4",
  gauge: "M12 14l4-4M4.9 19a9 9 0 1 1 14.2 0M12 5v2M5 12H7M17 12h2",
};

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="size-6"
    >
      <path d={paths[name]} />
    </svg>
  );
}
