import { C, Callout, CardGrid, DataTable, DocsSection, InfoCard, Steps } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

export function TournamentsSection() {
  return (
    <DocsSection
      id="tournaments"
      title="Tournaments"
      intro="Single-elimination brackets for 2 to 64 players, with sign-ups by button, results reported by staff and a public bracket page."
    >
      <Steps
        steps={[
          {
            title: "Create",
            body: (
              <>
                <C>/tournament create name:Summer Cup size:16 channel:#events</C>. <C>size</C> (4, 8, 16, 32
                or 64) is the most players it takes. Hearth posts the sign-up message with <b>Join</b>,{" "}
                <b>Leave</b> and <b>Cancel (staff)</b> buttons and mentions Setup's events ping role.
              </>
            ),
          },
          {
            title: "Sign up",
            body: (
              <>
                Members press Join or run <C>/tournament join</C>; they can withdraw with Leave or{" "}
                <C>/tournament leave</C> until the start. The message shows every player and the count.
              </>
            ),
          },
          {
            title: "Start",
            body: (
              <>
                <C>/tournament start</C> (at least 2 players) closes sign-ups, shuffles the players with a
                cryptographically secure shuffle and draws the bracket. The first matches are posted with
                their players pinged.
              </>
            ),
          },
          {
            title: "Report",
            body: (
              <>
                After each match staff run <C>/tournament report match:3 winner:@Alex</C>. The winner moves
                on, the channel hears who they meet next, and the final's result crowns the champion.
              </>
            ),
          },
        ]}
      />

      <div className="mt-6">
        <CommandTable caption="Tournament commands" prefixes={["tournament"]} />
      </div>

      <div className="mt-6">
        <CardGrid>
          <InfoCard title="Byes">
            The bracket has the next power of two at or above the player count (5 players: 8 slots). The
            missing slots are byes for the top seeds — never two byes in one match — and a player with a bye
            goes straight to round 2.
          </InfoCard>
          <InfoCard title="Match numbers">
            Matches are numbered round by round: with 8 slots, 1–4 are the quarter-finals, 5–6 the semi-finals
            and 7 the final. <C>/tournament bracket</C> shows the numbers.
          </InfoCard>
          <InfoCard title="Who reports results">
            Only staff: Manage Server or the event manager role, the same as <C>create</C> and <C>start</C>.
            Players agreeing between themselves does not record a result — the staff are the referees, which
            keeps disputes out of the bracket.
          </InfoCard>
          <InfoCard title="Corrections and no-shows">
            Reporting a different winner for a match corrects it, until the winner's next match has a result.
            Players can't withdraw after the start; if someone doesn't show up, report their opponent as the
            winner.
          </InfoCard>
          <InfoCard title="One at a time">
            A server has one tournament open or running at a time, so <C>join</C>, <C>start</C> and{" "}
            <C>report</C> need no id. Staff can cancel it, during sign-ups or while it is played, with the
            Cancel button on its sign-up message (Hearth asks to confirm).
          </InfoCard>
          <InfoCard title="The bracket in Discord">
            <C>/tournament bracket</C> (and the Bracket button) shows the bracket as a text tree from the
            final down when it fits one embed; bigger brackets show one round per page with Previous/Next
            round buttons — a 64-player bracket has 6 rounds and 63 matches.
          </InfoCard>
        </CardGrid>
      </div>

      <div className="mt-6">
        <DataTable
          caption="Where results are shown"
          columns={["Place", "What it shows"]}
          rows={[
            [
              "Sign-up message",
              "Players and status; after the start a Bracket button; at the end the champion.",
            ],
            [
              "Tournament channel",
              "The start with the first matches, every result and the champion's announcement.",
            ],
            [
              <>
                <C>/tournaments/{"{serverId}/{id}"}</C> on this site
              </>,
              "The public, read-only bracket: every round, results, players with seeds, and the champion. Linked from the sign-up message's title.",
            ],
            [
              <C key="api">GET /api/tournaments/{"{serverId}/{tournamentId}"}</C>,
              "The same data as JSON, without a token (see the OpenAPI document).",
            ],
          ]}
        />
        <Callout tone="tip">
          Players are shown by the display name they had when they signed up, so the public page never needs
          to look anyone up.
        </Callout>
      </div>
    </DocsSection>
  );
}
