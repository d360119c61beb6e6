import { dataRetention } from "@hearth/core/retention";
import { Link } from "react-router";
import { config } from "../config";
import { LegalLayout, type LegalSection } from "./legal/legal-layout";
import { MINIMUM_AGE, POLICY_DATE } from "./legal/policy";

const collected = [
  {
    id: "discord-data",
    title: "a. Discord account information",
    text: "Your user ID, username, display name and avatar, as Discord provides them when you use a command, join a server that uses Hearth, enter a giveaway or vote.",
  },
  {
    id: "server-data",
    title: "b. Server information",
    text: "Server ID, name, icon and member count; the channels and roles Hearth is configured to use; and each feature's settings (welcome messages, boards, perk tiers, self-role panels and so on).",
  },
  {
    id: "feature-data",
    title: "c. Feature records",
    text: "What the features you use need to remember: grinder tiers, payments and breaks; giveaway entries and winners; lottery and raffle tickets and draws; for giveaway invite requirements, which member's invite link each new member joined through; vote counts and streaks; board posts; perk settings such as highlight keywords and AFK notes; moderation cases.",
  },
  {
    id: "message-data",
    title: "d. Message content",
    text: "Hearth reads messages only where a feature needs it (sticky reposting, highlights, auto-responders, boards, AFK replies) and stores message content only for board posts, embeds and templates you save.",
  },
  {
    id: "website-data",
    title: "e. Website and dashboard data",
    text: "Your dashboard token and its expiry are kept in your browser's local storage for 7 days. On our side we keep a hash of the token (never the token itself) and when it was used; the audit log records the address each dashboard change came from. Each request to the API is also written as one log line (address, time, path) to protect against abuse. The website sets no advertising or tracking cookies.",
  },
];

const sections: LegalSection[] = [
  {
    id: "introduction",
    title: "Introduction",
    body: (
      <p>
        This policy explains what information Hearth (the Discord bot, its dashboard and this website)
        collects, why, how long we keep it and the choices you have. It applies together with our{" "}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
  {
    id: "information-collected",
    title: "Information We Collect",
    body: (
      <>
        <p>We collect only what the features a server turns on need:</p>
        {collected.map((item) => (
          <div key={item.id} id={item.id} className="scroll-mt-24">
            <h3>{item.title}</h3>
            <p className="mt-1">{item.text}</p>
          </div>
        ))}
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "How We Use Information",
    body: (
      <ul>
        <li>To run the features a server has configured and answer commands.</li>
        <li>To show public discovery listings and public giveaway pages that servers chose to publish.</li>
        <li>
          To secure the service: rate limits, token checks, abuse detection and audit logs. The people who run
          a Hearth instance keep a block list of user and server IDs (with a reason) that Hearth ignores, and
          can pause every command for maintenance.
        </li>
        <li>
          To tell server owners about the service (maintenance, changes): an announcement is sent by direct
          message once to each owner of a server that uses Hearth; which owners it reached is kept.
        </li>
        <li>To measure the service's health (uptime, command counts) without profiling individuals.</li>
      </ul>
    ),
  },
  {
    id: "ai-processing",
    title: "AI-Assisted Features",
    body: (
      <p>
        When an administrator uses an AI-assisted feature (the welcome message composer or the vote message
        designer), the instructions they type and the server's name and custom emoji names may be sent to the
        configured language-model provider to draft the message. Members' messages are never sent. Without a
        configured provider, Hearth drafts the message on its own servers.
      </p>
    ),
  },
  {
    id: "sharing",
    title: "Sharing and Disclosure",
    body: (
      <>
        <p>We do not sell personal information. We share it only:</p>
        <ul>
          <li>with Discord, as part of running the bot;</li>
          <li>
            with service providers that host the service or process payments, under contracts that protect it;
          </li>
          <li>when the law requires it, or to protect users and the service from harm.</li>
        </ul>
      </>
    ),
  },
  {
    id: "retention",
    title: "Data Retention",
    body: (
      <p>
        Feature data is kept while the server uses Hearth. When Hearth leaves a server, that server's data is
        kept for 30 days (so a mistaken removal can be undone) and then deleted by a daily job, unless Hearth
        was added back in the meantime. Removed grinders are archived for the server's records until the
        server's data is deleted. The audit log keeps an entry (with the address of a dashboard change) for{" "}
        {dataRetention.auditDays} days at most, and a server's log its latest{" "}
        {dataRetention.auditMaxEntriesPerServer.toLocaleString("en-US")} entries; opening the dashboard is
        recorded once per token per day. Hearth keeps no store of request logs itself: it writes each request
        as one line to its process output, and how long those lines are kept is up to whoever runs the
        instance and their log system.
      </p>
    ),
  },
  {
    id: "security",
    title: "Data Security",
    body: (
      <p>
        Dashboard tokens are random 56-character values stored only as hashes, bound to one server and
        revocable at any time. Failed token attempts are rate-limited. Every dashboard change is recorded in
        an audit log. Traffic to the website and API should be served over HTTPS.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights and Choices",
    body: (
      <>
        <ul>
          <li>Ask for a copy of the data Hearth holds about you, or for its correction or deletion.</li>
          <li>
            Server owners can delete all of a server's data themselves, at any time: <code>/purge</code> in
            Discord, or the Danger zone in the dashboard's Settings tab (owner tokens only). Either asks for
            the server's exact name, then deletes every record Hearth holds for the server, in every table
            (settings, members' records, logs and audit entries) and revokes every dashboard token. It can't
            be undone.
          </li>
          <li>
            Remove your own records where a feature offers it (for example <code>/birthday remove</code>).
          </li>
        </ul>
        <p>We answer requests within 30 days.</p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children's Privacy",
    body: (
      <p>
        Hearth is not meant for anyone under {MINIMUM_AGE}. We do not knowingly collect information from
        children under {MINIMUM_AGE}; if you believe we have, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to This Policy",
    body: (
      <p>
        We may update this policy. The "last updated" date shows when it last changed, and material changes
        are announced in the support server before they take effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact Us",
    body: (
      <p>
        Questions or requests: e-mail <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>,
        open a ticket in the{" "}
        <a href={config.supportServerUrl} target="_blank" rel="noopener noreferrer">
          support server
        </a>
        , or visit the <Link to="/support">support page</Link>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      effective={POLICY_DATE}
      updated={POLICY_DATE}
      intro={<p>Your privacy matters to us. This policy is written to be read, not skimmed past.</p>}
      sections={sections}
    />
  );
}
