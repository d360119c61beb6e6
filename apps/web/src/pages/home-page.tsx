import { type PointerEvent, useRef } from "react";
import { ButtonLink } from "../components/ui/button-link";
import { SectionHeading } from "../components/ui/section-heading";
import { SandboxInvite } from "../features/stats/sandbox-invite";
import { StatsRow } from "../features/stats/stats-row";
import { usePrefersReducedMotion } from "../lib/use-reduced-motion";
import { FeatureIcon, type FeatureIconName } from "./home/feature-icon";

interface Feature {
  title: string;
  icon: FeatureIconName;
  text: string;
  points: string[];
}

const features: Feature[] = [
  {
    title: "Smart Automation",
    icon: "bolt",
    text: "Welcome messages written from a sentence, sticky messages, timers and interactive buttons that run themselves.",
    points: ["AI-assisted welcome setup", "Sticky messages and timers", "Buttons, menus and forms"],
  },
  {
    title: "Event Mastery",
    icon: "gift",
    text: "Giveaways with entry requirements, lotteries, raffles, birthdays and tournaments, announced and drawn on time.",
    points: ["Requirements and bypass roles", "Public giveaway pages", "Birthday announcements"],
  },
  {
    title: "Smart Tracking",
    icon: "chart",
    text: "Grinder tiers and payments, vote streaks and leaderboards, starboards: the numbers your community runs on.",
    points: ["Payments with k, m and b", "Breaks that end by themselves", "Monthly vote leaderboards"],
  },
  {
    title: "Server Management",
    icon: "shield",
    text: "Moderation with a case log, self-roles that refuse dangerous permissions and a web dashboard per server.",
    points: ["Ban, kick, timeout and warn", "Self-role panels with a whitelist", "Token-based dashboard"],
  },
  {
    title: "Fast Performance",
    icon: "gauge",
    text: "Slash commands answer at once, scheduled work survives restarts, and one process can run a whole community.",
    points: ["Durable scheduled jobs", "Bounded memory use", "Scales out when you grow"],
  },
];

/** The hero's glow follows the pointer; with reduced motion it stays put. */
function useFollowPointer() {
  const section = useRef<HTMLElement>(null);
  const frame = useRef(0);
  const reducedMotion = usePrefersReducedMotion();

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (reducedMotion || event.pointerType !== "mouse") return;
    const { clientX, clientY } = event;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const element = section.current;
      if (!element) return;
      const rect = element.getBoundingClientRect();
      element.style.setProperty("--glow-x", `${((clientX - rect.left) / rect.width) * 100}%`);
      element.style.setProperty("--glow-y", `${((clientY - rect.top) / rect.height) * 100}%`);
    });
  };
  return { section, onPointerMove };
}

export function HomePage() {
  const { section, onPointerMove } = useFollowPointer();

  return (
    <>
      <section
        ref={section}
        onPointerMove={onPointerMove}
        aria-labelledby="hero-title"
        className="hero-glow relative isolate overflow-hidden"
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.04)_1px,transparent_1px)] mask-[radial-gradient(ellipse_at_top,black,transparent_70%)] bg-size-[48px_48px]"
        />
        <div className="mx-auto w-full max-w-5xl px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28">
          <p className="inline-flex items-center gap-2 rounded-full border border-ember-500/30 bg-ember-500/10 px-4 py-1.5 text-sm font-medium text-ember-200">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-ember-400" />
            One bot for your whole community
          </p>
          <h1
            id="hero-title"
            className="mt-8 bg-linear-to-b from-amber-100 via-ember-300 to-ember-500 bg-clip-text pb-2 text-6xl font-extrabold tracking-tight text-transparent sm:text-8xl"
          >
            Hearth
          </h1>
          <p className="mt-4 text-2xl font-semibold tracking-tight text-stone-100 sm:text-3xl">
            The Future of Discord Automation
          </p>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-stone-300">
            Grinder tracking, giveaways, welcome messages, self-roles, boards and a web dashboard: everything
            your server needs, managed from one place.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/invite" size="lg">
              Add to Server
            </ButtonLink>
            <ButtonLink to="/commands" variant="secondary" size="lg">
              Explore Features
            </ButtonLink>
          </div>
          <SandboxInvite className="mt-6" />
          <StatsRow className="mx-auto mt-16 max-w-4xl" />
        </div>
      </section>

      <section
        aria-labelledby="features-title"
        className="mx-auto w-full max-w-6xl px-4 py-20 sm:px-6 sm:py-24"
      >
        <SectionHeading id="features-title" eyebrow="Features" title="Everything your server needs">
          Five areas, one bot, one dashboard. Every feature is documented, and every command is listed.
        </SectionHeading>
        <ul className="mt-14 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-6">
          {features.map((feature, index) => (
            <li
              key={feature.title}
              className={`flex flex-col rounded-2xl border border-white/10 bg-ink-900/60 p-6 transition-colors hover:border-ember-400/40 motion-reduce:transition-none lg:col-span-2 ${index === 3 ? "lg:col-start-2" : ""} ${index === 4 ? "sm:col-span-2 lg:col-span-2" : ""}`}
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-ember-500/15 text-ember-300">
                <FeatureIcon name={feature.icon} />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-stone-50">{feature.title}</h3>
              <p className="mt-2 leading-relaxed text-stone-300">{feature.text}</p>
              <ul className="mt-4 space-y-1.5 text-sm text-stone-300">
                {feature.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden="true" className="text-ember-400">
                      ✓
                    </span>
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto w-full max-w-6xl px-4 pb-24 sm:px-6">
        <div className="relative isolate overflow-hidden rounded-3xl border border-ember-400/25 bg-linear-to-br from-ember-500/15 via-ink-900 to-ink-900 px-6 py-14 text-center sm:px-12">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-stone-50 sm:text-4xl">
            Ready to light up your server?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-stone-300">
            Add Hearth in a minute, run{" "}
            <code className="rounded bg-white/10 px-1.5 py-0.5 text-ember-200">/setup</code>, and manage the
            rest from Discord or the dashboard.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/invite" size="lg">
              Add to Server
            </ButtonLink>
            <ButtonLink to="/support" variant="secondary" size="lg">
              Get Support
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
