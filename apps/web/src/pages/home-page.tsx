import { ButtonLink } from "../components/ui/button-link";

export function HomePage() {
  return (
    <section className="relative isolate flex flex-1 items-center overflow-hidden">
      {/* The glow and grid are decoration only; they sit behind the content. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,rgb(249_115_22/0.22),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.04)_1px,transparent_1px)] mask-[radial-gradient(ellipse_at_top,black,transparent_70%)] bg-size-[48px_48px]"
      />

      <div className="mx-auto w-full max-w-4xl px-4 py-24 text-center sm:px-6 sm:py-32">
        <p className="inline-flex items-center gap-2 rounded-full border border-ember-500/30 bg-ember-500/10 px-4 py-1.5 text-sm font-medium text-ember-200">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-ember-400" />
          One bot for your whole community
        </p>
        <h1 className="mt-8 bg-linear-to-b from-amber-100 via-ember-300 to-ember-500 bg-clip-text pb-2 text-6xl font-extrabold tracking-tight text-transparent sm:text-8xl">
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
      </div>
    </section>
  );
}
