import { Link } from "react-router";
import { ButtonLink } from "../components/ui/button-link";
import { buttonClass } from "../components/ui/button-styles";
import { config } from "../config";
import { useShownCommands } from "../features/commands/api";
import { docsPages } from "./docs/docs-nav";

const featureCards = [
  {
    title: "Community help",
    text: "Ask in the support server's help channels. Members and the team answer setup and configuration questions.",
  },
  {
    title: "Bug reports",
    text: "Post what you ran, what you expected and what happened in the #bug-reports channel; the team tracks it there.",
  },
  {
    title: "Feature suggestions",
    text: "Share ideas in the #suggestions channel. Popular suggestions shape what Hearth builds next.",
  },
];

const faqs = [
  {
    question: "How do I set Hearth up?",
    answer: (
      <>
        Invite Hearth, then run <code className="text-ember-200">/setup</code> as an administrator. It walks
        you through the manager role, grinder roles, log channels and events. The{" "}
        <Link to="/docs/setup" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
          Quick Setup Guide
        </Link>{" "}
        covers every step.
      </>
    ),
  },
  {
    question: "Which permissions does Hearth need?",
    answer: (
      <>
        Administrator is simplest. Without it, give Hearth Manage Server, Manage Roles, Manage Channels, Send
        Messages, Embed Links, Read Message History and Use Slash Commands, and keep its role above the roles
        it manages. <code className="text-ember-200">/permissions check</code> lists anything missing.
      </>
    ),
  },
  {
    question: "I found a bug. Where do I report it?",
    answer: (
      <>
        In the #bug-reports channel of the support server. Include the command you ran, the time, and a
        screenshot of the reply if there was one.
      </>
    ),
  },
  {
    question: "Where can I suggest a feature?",
    answer: (
      <>
        In the #suggestions channel of the support server. Check whether someone suggested it already and add
        your vote.
      </>
    ),
  },
];

/**
 * The one response-time figure the site gives, wherever it speaks of it (issue 24 §5: the page
 * used to give five that disagreed). A target, not a measurement: the site has no live figures for it.
 */
export const RESPONSE_TARGET = "within 24 hours";

export function SupportPage() {
  const shownCount = useShownCommands().entries?.length;
  const stats = [
    { value: "24/7", label: "Support server open" },
    { value: String(docsPages.length), label: "Documentation guides" },
    { value: shownCount === undefined ? "…" : String(shownCount), label: "Commands documented" },
    { value: "24 h", label: "Response target" },
  ];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
      <section className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-ember-400">Help</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-stone-50 sm:text-5xl">Support</h1>
        <p className="mt-5 text-lg leading-relaxed text-stone-300">
          Join the support server, read answers to common questions, and see how quickly the team aims to
          respond.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <a
            href={config.supportServerUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("primary", "lg")}
          >
            Join Support Server
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <ButtonLink to="/docs/support" variant="secondary" size="lg">
            Read the Help Guide
          </ButtonLink>
        </div>
      </section>

      <ul className="mt-16 grid grid-cols-1 gap-4 md:grid-cols-3">
        {featureCards.map((card) => (
          <li key={card.title} className="rounded-2xl border border-white/10 bg-ink-900/60 p-6">
            <h2 className="text-lg font-semibold text-stone-50">{card.title}</h2>
            <p className="mt-2 leading-relaxed text-stone-300">{card.text}</p>
          </li>
        ))}
      </ul>

      <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col rounded-2xl border border-white/10 bg-white/[0.03] p-5 text-center"
          >
            <dt className="order-2 text-sm text-stone-300">{stat.label}</dt>
            <dd className="text-3xl font-bold text-stone-50">{stat.value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-16 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="faq-title">
          <h2 id="faq-title" className="text-2xl font-semibold text-stone-50">
            Frequently asked questions
          </h2>
          <div className="mt-5 space-y-3">
            {faqs.map((faq) => (
              <details
                key={faq.question}
                className="group rounded-xl border border-white/10 bg-ink-900/60 open:border-ember-400/30"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-medium text-stone-100">
                  {faq.question}
                  <span
                    aria-hidden="true"
                    className="text-ember-300 transition-transform group-open:rotate-45 motion-reduce:transition-none"
                  >
                    +
                  </span>
                </summary>
                <p className="px-5 pb-5 leading-relaxed text-stone-300">{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>

        <div className="space-y-6">
          <section
            aria-labelledby="response-title"
            className="rounded-2xl border border-white/10 bg-ink-900/60 p-6"
          >
            <h2 id="response-title" className="text-xl font-semibold text-stone-50">
              Response time
            </h2>
            <p className="mt-3 text-sm leading-relaxed text-stone-300">
              The team aims to answer every question and report {RESPONSE_TARGET}, in the support server or by
              e-mail. This is a goal, not a guarantee.
            </p>
            <p className="mt-4 text-sm text-stone-300">
              E-mail:{" "}
              <a
                href={`mailto:${config.supportEmail}`}
                className="text-ember-300 underline underline-offset-4 hover:text-ember-200"
              >
                {config.supportEmail}
              </a>
            </p>
          </section>

          <section
            aria-labelledby="premium-title"
            className="rounded-2xl border border-amber-400/25 bg-amber-400/[0.04] p-6"
          >
            <h2 id="premium-title" className="text-xl font-semibold text-stone-50">
              Premium Support
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-stone-300">
              Priority answers and a private channel for premium servers. The premium tier is on hold, so it
              can't be bought right now; everyone gets the same community support meanwhile.
            </p>
            <button type="button" disabled className={`${buttonClass("secondary")} mt-4 w-full`}>
              On Hold
            </button>
          </section>
        </div>
      </div>
    </div>
  );
}
