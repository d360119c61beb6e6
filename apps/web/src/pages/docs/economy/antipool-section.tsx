import { antiPoolDisableRefusal, antiPoolLimits } from "@hearth/core";
import { Bullets, C, DocsSection, Steps } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

/** Anti-pool protection: the exact rule, blocked wins and the pool manager's approval. */
export function AntiPoolSection() {
  return (
    <DocsSection
      id="anti-pool"
      title="Anti-pool protection"
      intro={
        <>
          Pooling is funnelling event winnings into one account (alts entering for a main, friends passing
          wins along). With <strong>Anti-Pool Protection</strong> on, each drawn winner of a giveaway, lottery
          or raffle is checked before the draw is announced.
        </>
      }
    >
      <Steps
        steps={[
          {
            title: "The rule",
            body: (
              <>
                A drawn member is <strong>blocked</strong> when (1) they joined the server after the event
                started — they can't win it — or (2) they already won one of the server's events (giveaway,
                lottery or raffle) in the last <strong>window</strong> hours (
                {antiPoolLimits.defaultWindowHours} by default, 1 to {antiPoolLimits.maxWindowHours}; a reroll
                of the same giveaway doesn't count against itself). A member the pool manager approved for
                that event is never blocked for it.
              </>
            ),
          },
          {
            title: "Re-draw",
            body: (
              <>
                A blocked winner is taken out and the seat is drawn again from the entrants who haven't won or
                been blocked in that event, until every seat holds an allowed winner or no one is left (fewer
                winners then). The announcement shows only the allowed winners. Wins that pass are counted for
                the window.
              </>
            ),
          },
          {
            title: "The pool manager is asked",
            body: (
              <>
                Each block is recorded once and audited. The pool manager gets a DM naming the member, the
                event and the reason, with an <strong>Approve win</strong> button; when the DM can't be
                delivered the same message goes to Setup's log channel (mentioning the pool manager).
              </>
            ),
          },
          {
            title: "Approval",
            body: (
              <>
                Only the server's current pool manager can approve, once. The member is awarded the win as an
                extra winner — the member drawn in their place keeps theirs — the win counts for the window,
                and the event's channel is told: “✅ The pool manager approved @Alex's win of 10m coins”.
              </>
            ),
          },
        ]}
      />
      <div className="mt-6">
        <CommandTable caption="Anti-pool command" prefixes={["antipool"]} />
      </div>
      <div className="mt-6">
        <Bullets
          items={[
            <>
              Setting a <strong>Pool Manager ID</strong> on the Settings tab turns protection on; clearing it
              turns it off. While an ID is set the switch can't be turned off: “{antiPoolDisableRefusal}”
            </>,
            <>
              The window is the <strong>Anti-pool window</strong> field (or{" "}
              <C>/settings feature:anti_pool window_hours:48</C>). With protection off nothing is checked or
              recorded.
            </>,
            <>
              Screened draws: giveaways (when they end and on every reroll), lotteries (the winning ticket: a
              blocked holder's win passes to a ticket drawn from the other holders) and raffles (each seat).
            </>,
          ]}
        />
      </div>
    </DocsSection>
  );
}
