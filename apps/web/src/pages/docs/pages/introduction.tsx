import { commandCategories } from "@hearth/core/commands";
import { Link } from "react-router";
import { ButtonLink } from "../../../components/ui/button-link";
import { useShownCommands } from "../../../features/commands/api";
import { StatsRow } from "../../../features/stats/stats-row";
import { docsSections } from "../docs-nav";
import { Bullets, C, DocsArticle, DocsCta, DocsHeader, DocsSection, Steps } from "../ui/blocks";

export function DocsContent() {
  // Counted from the commands the bot registers, like the commands page.
  const shownCount = useShownCommands().entries?.length;
  return (
    <DocsArticle>
      <DocsHeader lead="Hearth is an automation bot for Discord community servers: grinder tracking, events, moderation, welcome messages, self-roles, boards, perks, vote tracking and a web dashboard. These guides explain every feature, the commands behind it and the limits it works within.">
        <ButtonLink to="/docs/setup">Quick Setup</ButtonLink>
        <ButtonLink to="/commands" variant="secondary">
          View Commands
        </ButtonLink>
      </DocsHeader>

      <DocsSection
        id="at-a-glance"
        title="Hearth at a glance"
        intro="Live figures from this Hearth instance."
      >
        <StatsRow duration={1500} />
        {/* The count comes last, so nothing before it moves when it arrives. */}
        <p className="mt-3 text-sm text-stone-400">
          {commandCategories.length} categories of commands, all documented below and on the{" "}
          <Link to="/commands" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
            commands page
          </Link>
          {shownCount === undefined ? "." : `: ${shownCount} in all.`}
        </p>
      </DocsSection>

      <DocsSection id="first-steps" title="Your first ten minutes">
        <Steps
          steps={[
            {
              title: "Invite Hearth",
              body: (
                <>
                  Add the bot from the <Link to="/invite">invite page</Link>.
                </>
              ),
            },
            {
              title: "Run /setup",
              body: <>Pick the manager role, log channels and event settings in one guided flow.</>,
            },
            {
              title: "Create a dashboard token",
              body: (
                <>
                  <C>/dashboard create</C> sends you a token by DM; paste it into the site's Dashboard button.
                </>
              ),
            },
            { title: "Turn on features", body: <>Follow the guide for each feature you want below.</> },
          ]}
        />
      </DocsSection>

      {docsSections.map((section) => (
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
                    <span className="font-semibold text-stone-50 group-hover:text-ember-200">
                      {entry.title}
                    </span>
                    <span className="mt-1.5 block text-sm leading-relaxed text-stone-300">
                      {entry.summary}
                    </span>
                  </Link>
                </li>
              ))}
          </ul>
        </DocsSection>
      ))}

      <DocsSection id="how-it-fits" title="How Hearth fits together">
        <Bullets
          items={[
            <>
              <strong>The bot</strong> lives in your server and answers slash commands. Every command checks
              the member's permissions before it runs and answers failures privately.
            </>,
            <>
              <strong>The dashboard</strong> manages one server from the browser, opened with a dashboard
              token instead of a Discord login. See <Link to="/docs/dashboard">Dashboard &amp; Tokens</Link>.
            </>,
            <>
              <strong>The website</strong> lists public servers in <Link to="/discovery">Discovery</Link> and
              public <Link to="/giveaways">giveaways</Link>, and hosts these guides.
            </>,
          ]}
        />
      </DocsSection>

      <DocsCta
        title="Ready to start?"
        command="/setup"
        primary={{ to: "/docs/setup", label: "Quick Setup Guide" }}
        secondary={{ to: "/commands", label: "View Commands" }}
      >
        Invite Hearth, run one command, and your server is configured.
      </DocsCta>
    </DocsArticle>
  );
}
