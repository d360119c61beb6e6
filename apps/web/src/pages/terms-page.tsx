import { Link } from "react-router";
import { config } from "../config";
import { LegalLayout, type LegalSection } from "./legal/legal-layout";
import { MINIMUM_AGE, POLICY_DATE, REFUND_UPTIME_PERCENT } from "./legal/policy";

const sections: LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of Terms",
    body: (
      <p>
        By adding Hearth to a Discord server, running its commands, using its dashboard or visiting this
        website you agree to these Terms of Service and to our <Link to="/privacy">Privacy Policy</Link>. If
        you do not agree, do not use Hearth. If you add Hearth to a server on behalf of a community, you
        confirm you may accept these terms for that server.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility",
    body: (
      <>
        <p>
          You must be at least <strong>{MINIMUM_AGE} years old</strong>, and old enough to use Discord in your
          country, to use Hearth. You must also follow Discord's Terms of Service and Community Guidelines.
        </p>
        <p>
          We may stop serving accounts or servers we reasonably believe belong to someone under {MINIMUM_AGE}.
        </p>
      </>
    ),
  },
  {
    id: "service-description",
    title: "Description of the Service",
    body: (
      <>
        <p>
          Hearth is an automation bot with a website and a web dashboard. It offers, among other things,
          grinder tracking (tiers, payments and breaks), events (giveaways, lotteries, raffles, birthdays and
          tournaments), moderation, welcome messages, sticky messages, self-roles, boards, perks, vote
          tracking, interactive components, an embed builder and supporter rewards (Statica).
        </p>
        <p>
          Features can change, be added or be retired as the service evolves. The{" "}
          <Link to="/commands">commands catalogue</Link> and the <Link to="/docs">documentation</Link>{" "}
          describe what Hearth currently does.
        </p>
      </>
    ),
  },
  {
    id: "user-accounts",
    title: "User Accounts and Dashboard Tokens",
    body: (
      <>
        <p>
          Hearth uses your Discord account; it has no separate accounts. Dashboard access works with dashboard
          tokens created by <code>/dashboard create</code>. A token opens one server's dashboard with the
          permission level it was created with.
        </p>
        <ul>
          <li>Keep your token secret. Anyone holding it can manage the server's Hearth settings.</li>
          <li>You are responsible for actions taken with your token until it is revoked.</li>
          <li>
            Revoke a leaked token at once with <code>/dashboard revoke</code> or ask a server administrator
            to.
          </li>
          <li>
            Tokens are revoked automatically when their owner leaves the server or on suspicious activity.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "user-data",
    title: "User Data and Content",
    body: (
      <>
        <p>
          Hearth stores the data it needs to run the features a server turns on: configuration, grinder
          records, giveaway entries, vote counts, board posts and similar. What we collect and why is set out
          in the <Link to="/privacy">Privacy Policy</Link>.
        </p>
        <p>
          You keep the rights to content you give Hearth (welcome texts, embeds, templates). You grant us the
          permission needed to store it and show it in your server and, for public discovery and giveaway
          listings you choose to publish, on this website. You must not use Hearth to send unlawful, harassing
          or infringing content.
        </p>
      </>
    ),
  },
  {
    id: "payments",
    title: "Payments and Premium",
    body: (
      <>
        <p>
          Hearth's core features are free. A premium tier exists; it is <strong>currently on hold</strong> and
          cannot be bought. When it reopens, prices, billing periods and what premium includes will be shown
          before you pay, and payments will be handled by a third-party payment processor under its own terms.
        </p>
        <p>Premium applies to the server it was bought for and cannot be moved to another server.</p>
      </>
    ),
  },
  {
    id: "refunds",
    title: "Refunds",
    body: (
      <>
        <p>
          Premium payments are not refundable, with one exception: if Hearth's measured uptime falls{" "}
          <strong>below {REFUND_UPTIME_PERCENT}%</strong> during a paid billing month, you may ask for a
          refund of that month. Requests must be made within 30 days of the month's end.
        </p>
        <p>
          How to ask and how refunds are paid are set out in the <Link to="/refund">Refund Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "modifications",
    title: "Modifications to the Service",
    body: (
      <p>
        We may change, suspend or discontinue any part of Hearth at any time, for example to fix problems,
        follow changes in Discord's platform or comply with the law. We try to announce significant changes in
        the support server ahead of time. Where a change removes a premium feature you paid for, the refund
        rules of section 7 apply.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <>
        <p>
          You can stop using Hearth at any time by removing it from your server. Server owners can ask us to
          delete the server's data (see the Privacy Policy).
        </p>
        <p>
          We may suspend or end access for a user or a server that breaks these terms, abuses the service,
          attacks its infrastructure or puts other communities at risk. Where possible we tell the server
          owner why.
        </p>
      </>
    ),
  },
  {
    id: "warranties",
    title: "Disclaimer of Warranties",
    body: (
      <p>
        Hearth is provided <strong>"as is" and "as available"</strong>. We work to keep it running and correct
        but do not promise that it will be uninterrupted, error-free or fit for a particular purpose. Discord
        outages and Discord's own rate limits are outside our control.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of Liability",
    body: (
      <p>
        To the extent the law allows, we are not liable for indirect, incidental or consequential damages, or
        for lost data, profits or goodwill, arising from your use of Hearth. Our total liability for any claim
        is limited to the amount you paid us for Hearth in the twelve months before the claim, or nothing if
        you paid nothing.
      </p>
    ),
  },
  {
    id: "indemnification",
    title: "Indemnification",
    body: (
      <p>
        You agree to indemnify us against claims, losses and costs arising from your misuse of Hearth, from
        content you send through it, or from your breach of these terms or of Discord's terms.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to These Terms",
    body: (
      <p>
        We may update these terms. The "last updated" date at the top shows when they last changed, and we
        announce material changes in the support server at least 14 days before they take effect. Continuing
        to use Hearth after that means you accept the new terms.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law",
    body: (
      <p>
        These terms are governed by the laws of the jurisdiction in which the operator of Hearth is
        established, without regard to conflict-of-law rules. Nothing in these terms limits rights you have
        under the consumer protection laws of the country where you live.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      effective={POLICY_DATE}
      updated={POLICY_DATE}
      intro={
        <p>
          These terms govern your use of Hearth: the Discord bot, its dashboard and this website. Please read
          them with our Privacy Policy.
        </p>
      }
      sections={sections}
      footer={
        <>
          <h2 className="text-lg font-semibold text-stone-50">Contact</h2>
          <p className="mt-2">
            Questions about these terms? E-mail{" "}
            <a
              href={`mailto:${config.supportEmail}`}
              className="text-ember-300 underline underline-offset-4 hover:text-ember-200"
            >
              {config.supportEmail}
            </a>
            , open a support ticket in the{" "}
            <a
              href={config.supportServerUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-ember-300 underline underline-offset-4 hover:text-ember-200"
            >
              support server
            </a>
            , or use the{" "}
            <Link to="/support" className="text-ember-300 underline underline-offset-4 hover:text-ember-200">
              support page
            </Link>{" "}
            of this website.
          </p>
        </>
      }
    />
  );
}
