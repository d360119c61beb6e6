import { C, DataTable, DocsSection, Steps } from "../ui/blocks";

const webhookForms = [
  [
    "Legacy (top.gg and look-alikes)",
    <>
      Your secret in the <C>Authorization</C> header, compared in constant time
    </>,
    <>
      <C>{'{ "user": "<id>", "type": "upvote" | "test", "isWeekend": true }'}</C>: weekend votes count 2
    </>,
  ],
  [
    "Signed (top.gg's current webhooks)",
    <>
      <C>x-topgg-signature</C>: <C>t=…,v1=…</C>, an HMAC-SHA256 of the timestamp and the raw body, keyed with
      the site's signing secret you saved, or with Hearth's secret. A signature without its time (a bare hex
      HMAC) is refused, and so is one whose time is more than 5 minutes from Hearth's clock: a captured
      delivery can't be replayed
    </>,
    <>
      <C>vote.create</C>: each vote's id is remembered, so a retry is never counted twice; its weight is used.{" "}
      <C>webhook.test</C> posts a test notification
    </>,
  ],
  [
    "Generic (any other site)",
    <>
      Your secret in the <C>Authorization</C> header
    </>,
    <C key="generic-body">
      {'{ "userId": "<id>", "platform": "discordbotlist", "voteId": "…", "weight": 1 }'}
    </C>,
  ],
] as const;

/** The four setup steps and the webhook forms Hearth accepts. */
export function SetupSection() {
  return (
    <DocsSection id="setup" title="Setup guide">
      <Steps
        steps={[
          {
            title: "Start the wizard",
            body: (
              <>
                <C>/votetracker admin setup</C> with the options you want (channel, reward role, hours,
                leaderboards), then choose <strong>Quick Setup</strong> or{" "}
                <strong>Custom Setup with AI</strong>. Skip the choice with <C>mode:quick</C> or{" "}
                <C>mode:custom</C>. Wrong options are named before anything is saved.
              </>
            ),
          },
          {
            title: "Quick or custom",
            body: (
              <>
                Quick Setup saves at once with the default message. Custom Setup asks how the notification
                should look and shows the designer's preview; Save stores the setup and the design together.
                Options you leave out keep their current value.
              </>
            ),
          },
          {
            title: "Copy your webhook URL and secret",
            body: (
              <>
                The private setup reply shows your server's unique URL and its secret, with next steps. Keep
                both private; <strong>Rotate secret</strong> (after a confirmation) makes new ones and the old
                URL stops working at once. top.gg's signed webhooks come with a secret top.gg makes (
                <C>whs_…</C>): press <strong>Signing secret</strong> and paste it (leave the form empty to
                forget it).
              </>
            ),
          },
          {
            title: "Connect the listing site and test",
            body: (
              <>
                Paste the URL into the site's webhook settings, and Hearth's secret as its Authorization
                (legacy and generic webhooks). Press <strong>Send test vote</strong> (or the site's Test
                button): a notification marked "🧪 Test vote" is posted and nothing is counted.
              </>
            ),
          },
        ]}
      />
      <div className="mt-6">
        <DataTable
          caption="Webhooks Hearth accepts (POST to your URL, JSON body)"
          columns={["Form", "Authentication", "Body"]}
          rows={webhookForms.map(([form, auth, body]) => [form, auth, body])}
        />
      </div>
      <p className="mt-4 max-w-3xl leading-relaxed text-stone-300">
        Hearth answers the site at once (204) after storing the vote; the reward role and the notification
        follow within seconds. A retry of a counted vote also answers 204 and changes nothing. An unknown URL
        answers 404, a wrong secret or signature 401, a body that isn't a vote (or a vote for another server)
        400 with the field named. Bodies up to 64 KB are read whatever their content type.
      </p>
    </DocsSection>
  );
}
