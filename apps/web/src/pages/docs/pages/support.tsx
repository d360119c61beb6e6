import { Link } from "react-router";
import { StatusLine } from "../../../components/layout/status-line";
import { buttonClass } from "../../../components/ui/button-styles";
import { config } from "../../../config";
import {
  Bullets,
  C,
  CardGrid,
  DocsArticle,
  DocsCta,
  DocsHeader,
  DocsSection,
  InfoCard,
  Troubleshooting,
} from "../ui/blocks";

export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Where to get help, what to check before you ask, and answers to the most common problems." />

      <div className="mt-10 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_14rem]">
        <div>
          <DocsSection id="channels" title="Support channels">
            <CardGrid columns={3}>
              <InfoCard title="Community server">
                <a href={config.supportServerUrl} target="_blank" rel="noopener noreferrer">
                  Join the support server
                </a>{" "}
                for help from members and the team.
              </InfoCard>
              <InfoCard title="Documentation">
                The guides in this sidebar and the <Link to="/commands">commands page</Link>.
              </InfoCard>
              <InfoCard title="Bug tracker">
                The #bug-reports channel of the support server; the team tracks every report there.
              </InfoCard>
            </CardGrid>
          </DocsSection>

          <DocsSection id="checklist" title="Before you contact us">
            <Bullets
              items={[
                <>
                  Run <C>/permissions check</C> and fix what it lists.
                </>,
                "Check Hearth's role is above the roles it manages.",
                "Read the troubleshooting section of the feature's guide.",
                "Note the command you ran, the time and the reply (a screenshot helps; never include a dashboard token).",
              ]}
            />
          </DocsSection>

          <DocsSection id="common" title="Common issues">
            <div className="space-y-8">
              <div>
                <h3 className="mb-3 font-semibold text-stone-100">Bot permissions</h3>
                <Troubleshooting
                  items={[
                    {
                      problem: "Hearth doesn't answer",
                      fixes: [
                        "Check it is online.",
                        "It needs Send Messages and Use Slash Commands in the channel.",
                        "Pick the command from the / menu.",
                      ],
                    },
                    {
                      problem: "'Missing permissions' replies",
                      fixes: [
                        "Run /permissions check and grant what it lists.",
                        "Move Hearth's role higher.",
                      ],
                    },
                  ]}
                />
              </div>
              <div>
                <h3 className="mb-3 font-semibold text-stone-100">Welcome system</h3>
                <Troubleshooting
                  items={[
                    {
                      problem: "No welcome message",
                      fixes: [
                        "Turn it on with /welcome toggle.",
                        "Check the channel still exists and Hearth can send there.",
                      ],
                    },
                    {
                      problem: "Tags show as written",
                      fixes: [
                        <>
                          Check the spelling against the <Link to="/docs/welcome">tag reference</Link>.
                        </>,
                      ],
                    },
                  ]}
                />
              </div>
              <div>
                <h3 className="mb-3 font-semibold text-stone-100">Sticky messages</h3>
                <Troubleshooting
                  items={[
                    {
                      problem: "Not reposting",
                      fixes: [
                        "Hearth needs Send Messages and Manage Messages.",
                        "Check the trigger count with /sticky list.",
                      ],
                    },
                  ]}
                />
              </div>
              <div>
                <h3 className="mb-3 font-semibold text-stone-100">Dashboard</h3>
                <Troubleshooting
                  items={[
                    {
                      problem: "Token not received",
                      fixes: [
                        "Open your DMs for the server and unblock Hearth, then run /dashboard create again.",
                      ],
                    },
                    {
                      problem: "Can't create a token",
                      fixes: ["You need Administrator.", "Revoke your existing token first."],
                    },
                    {
                      problem: "Access denied",
                      fixes: ["The token was revoked or belongs to another server; create a new one."],
                    },
                    {
                      problem: "Changes don't save",
                      fixes: [
                        "Your session may have ended; sign in again.",
                        "Check the error message for the field at fault.",
                      ],
                    },
                  ]}
                />
              </div>
            </div>
          </DocsSection>

          <DocsSection id="contact" title="Contact methods">
            <Bullets
              items={[
                <>
                  Support server:{" "}
                  <a href={config.supportServerUrl} target="_blank" rel="noopener noreferrer">
                    {config.supportServerUrl}
                  </a>
                </>,
                <>
                  E-mail: <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
                </>,
                <>
                  The <Link to="/support">support page</Link>, with response-time targets.
                </>,
              ]}
            />
          </DocsSection>
        </div>

        <aside
          aria-label="Status and quick links"
          className="space-y-4 lg:sticky lg:top-8 lg:mt-14 lg:self-start"
        >
          <div className="rounded-2xl border border-white/10 bg-ink-900/60 p-5">
            <h2 className="text-sm font-semibold text-stone-100">Status</h2>
            <div className="mt-2">
              <StatusLine />
            </div>
          </div>
          <nav aria-label="On this page" className="rounded-2xl border border-white/10 bg-ink-900/60 p-5">
            <h2 className="text-sm font-semibold text-stone-100">On this page</h2>
            <ul className="mt-2 space-y-1.5 text-sm">
              {[
                ["channels", "Support channels"],
                ["checklist", "Before you contact us"],
                ["common", "Common issues"],
                ["contact", "Contact methods"],
              ].map(([id, label]) => (
                <li key={id}>
                  <a href={`#${id}`} className="rounded text-stone-300 hover:text-ember-200">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <a
            href={config.supportServerUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonClass("primary")} w-full`}
          >
            Join Discord
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </aside>
      </div>

      <DocsCta
        title="Still stuck?"
        primary={{ to: config.supportServerUrl, label: "Ask in the support server" }}
        secondary={{ to: "/support", label: "Support page" }}
      >
        Someone will help.
      </DocsCta>
    </DocsArticle>
  );
}
