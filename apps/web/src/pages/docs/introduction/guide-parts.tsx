import { commandCategories } from "@hearth/core/commands";
import { Link } from "react-router";
import { ButtonLink } from "../../../components/ui/button-link";
import { useShownCommands } from "../../../features/commands/api";
import { StatsRow } from "../../../features/stats/stats-row";
import { docsSections } from "../docs-nav";
import { DocsSection } from "../ui/blocks";

/** The introduction's two buttons under its header. */
export function IntroActions() {
  return (
    <>
      <ButtonLink to="/docs/setup">Quick Setup</ButtonLink>
      <ButtonLink to="/commands" variant="secondary">
        View Commands
      </ButtonLink>
    </>
  );
}

/** Live figures from this Hearth instance, and the number of commands the bot registers. */
export function AtAGlance() {
  // Counted from the commands the bot registers, like the commands page.
  const shownCount = useShownCommands().entries?.length;
  return (
    <>
      <StatsRow duration={1500} />
      {/* The count comes last, so nothing before it moves when it arrives. */}
      <p className="mt-3 text-sm text-stone-400">
        {commandCategories.length} categories of commands, all documented below and on the{" "}
        <Link to="/commands" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
          commands page
        </Link>
        {shownCount === undefined ? "." : `: ${shownCount} in all.`}
      </p>
    </>
  );
}

/** A section per sidebar section, linking every guide in it with its summary. */
export function GuideIndex() {
  return docsSections.map((section) => (
    <DocsSection
      key={section.title}
      id={section.title.toLowerCase().replace(/\s+/g, "-")}
      title={section.title}
    >
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {section.pages
          .filter((entry) => entry.path !== "/docs")
          .map((entry) => (
            <li key={entry.path}>
              <Link
                to={entry.path}
                className="group block h-full rounded-2xl border border-white/10 bg-ink-900/60 p-5 transition-colors hover:border-ember-400/40 motion-reduce:transition-none"
              >
                <span className="font-semibold text-stone-50 group-hover:text-ember-200">{entry.title}</span>
                <span className="mt-1.5 block text-sm leading-relaxed text-stone-300">{entry.summary}</span>
              </Link>
            </li>
          ))}
      </ul>
    </DocsSection>
  ));
}
