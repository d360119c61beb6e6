import { Link } from "react-router";
import { config } from "../config";
import { LegalLayout, type LegalSection } from "./legal/legal-layout";
import { POLICY_DATE, REFUND_UPTIME_PERCENT } from "./legal/policy";

const sections: LegalSection[] = [
  {
    id: "premium-status",
    title: "Premium Is on Hold",
    body: (
      <p>
        Hearth's premium tier is currently on hold and cannot be bought. This policy applies to premium
        payments made before it was paused and to any made after it reopens.
      </p>
    ),
  },
  {
    id: "uptime-guarantee",
    title: "When You Can Get a Refund",
    body: (
      <>
        <p>
          Payments are not refundable, except when Hearth's measured uptime falls{" "}
          <strong>below {REFUND_UPTIME_PERCENT}%</strong> in a billing month you paid for. Then you may ask
          for a refund of that month's payment.
        </p>
        <p>
          Uptime is measured by the service itself, minute by minute, over the calendar month. Outages of
          Discord itself, and maintenance announced at least 48 hours ahead in the support server, do not
          count as downtime.
        </p>
      </>
    ),
  },
  {
    id: "not-covered",
    title: "What Is Not Refunded",
    body: (
      <ul>
        <li>Months in which uptime was {REFUND_UPTIME_PERCENT}% or more.</li>
        <li>Partial months after you cancel; premium stays active until the end of the paid period.</li>
        <li>
          Servers suspended for breaking the <Link to="/terms">Terms of Service</Link>.
        </li>
        <li>Requests made more than 30 days after the end of the month concerned.</li>
      </ul>
    ),
  },
  {
    id: "how-to-request",
    title: "How to Ask for a Refund",
    body: (
      <p>
        E-mail <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> or open a ticket in the{" "}
        <a href={config.supportServerUrl} target="_blank" rel="noopener noreferrer">
          support server
        </a>{" "}
        with the server's ID, the month concerned and the payment receipt. We answer within 7 days and pay
        approved refunds to the original payment method within 14 days.
      </p>
    ),
  },
  {
    id: "chargebacks",
    title: "Chargebacks",
    body: (
      <p>
        Please contact us before disputing a payment with your bank; most problems are solved faster that way.
        A server with an open chargeback loses premium until the dispute is settled.
      </p>
    ),
  },
];

export function RefundPage() {
  return (
    <LegalLayout
      title="Refund Policy"
      effective={POLICY_DATE}
      updated={POLICY_DATE}
      intro={
        <p>
          How refunds for Hearth premium work. It is part of our{" "}
          <Link to="/terms#refunds">Terms of Service</Link>.
        </p>
      }
      sections={sections}
    />
  );
}
