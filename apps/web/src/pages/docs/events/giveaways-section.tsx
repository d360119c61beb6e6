import { Bullets, C, DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

/** Giveaways beyond a simple start and end: scheduled and recurring, entrants, rerolls, pings. */
export function GiveawaysSection() {
  return (
    <DocsSection
      id="giveaways"
      title="Giveaways"
      intro="Giveaways with an Enter button, entry requirements and weighted entries that end exactly once, even across restarts. Start them now, later or on a schedule; prune entrants; reroll precisely."
    >
      <Bullets
        items={[
          <>
            <b>Later:</b> <C>/giveaway start prize:Nitro duration:1d start:in 2h</C>, or a date and time such
            as <C>start:2026-12-24 18:00</C> read in the server's time zone (give{" "}
            <C>timezone:Europe/Berlin</C> once; Hearth remembers it). Until then it is listed as Scheduled
            with a countdown and can be edited or cancelled; it posts itself once, at the time, whichever
            worker runs it.
          </>,
          <>
            <b>Again and again:</b> <C>repeat:daily</C>, <C>weekly</C>, <C>monthly</C>, <C>every 6h</C> or{" "}
            <C>every 3d</C>. Each run is its own giveaway with its own winners. Pause, resume or stop a series
            with <C>/giveaway scheduled</C> or in the dashboard; an edit applies to the next run. A paused
            series skips the runs it missed.
          </>,
          <>
            <b>Who hears about it:</b> the events ping role from <C>/setup</C> is pinged when a giveaway is
            posted, unless you choose another with <C>ping_role</C> or none with <C>no_ping</C>; the
            dashboard's form shows the role and a preview of the message before posting. Results can go to a
            separate <C>winners_channel</C>, the <C>host</C> (you, by default) is pinged with them, and{" "}
            <C>dm_winners</C> sends each winner the prize text by DM.
          </>,
          <>
            <b>Entrants:</b> <C>/giveaway entrants</C> (or the dashboard's Entrants button) lists who entered,
            when, with how many entries and which bonus applied, searchable and paged. <C>/giveaway remove</C>{" "}
            takes someone out with a reason (kept in the audit log, shown to them the next time they press
            Enter); <C>/giveaway block</C> keeps a member out of every giveaway of the server.
          </>,
          <>
            <b>Rerolls:</b> <C>/giveaway reroll replace:@member</C> replaces one winner (the others keep their
            win), <C>all:true</C> replaces every winner, <C>winners:2</C> draws two more. No one who won the
            giveaway before is drawn again, and the announcement says who replaced whom.
          </>,
          <>
            <b>Claims:</b> <C>claim:24h</C> (10 minutes to 7 days) puts a Claim button on the winners
            announcement (and in the winners' DMs with <C>dm_winners</C>). A win not claimed in time is drawn
            again automatically, past winners excluded; the new winner gets a fresh window and the
            announcement says who replaced whom. <C>/giveaway claims</C> and the dashboard show who claimed,
            who is still waiting and who was replaced.
          </>,
          <>
            <b>Control:</b> <C>/giveaway pause</C> closes entries and moves the end by the pause;{" "}
            <C>max_entries:100</C> ends the giveaway the moment the 100th member enters (exactly 100 are
            accepted, however many press at once); <C>reminder:1h</C> posts one "last chance" message with a
            link to the giveaway an hour before the end (a pause moves it too).
          </>,
          <>
            <b>Templates:</b> <C>/giveaway template save name:Weekly Nitro message_id:…</C> keeps a giveaway's
            settings under a name (up to 25 per server, names up to 50 characters);{" "}
            <C>/giveaway start template:Weekly Nitro</C> starts it again, any option you add replacing the
            template's. The dashboard saves templates from the create form or a giveaway, edits and deletes
            them, and creates up to 25 giveaways at once from one: a table of prize, duration, winners and
            channel, every row checked before anything is posted, all created or none.
          </>,
          <>
            Scheduled starts and running series count toward the cap of 100 running giveaways per server; a
            bulk create says how many of its rows still fit.
          </>,
        ]}
      />
      <div className="mt-6">
        <CommandTable caption="Giveaway commands" prefixes={["giveaway"]} />
      </div>
    </DocsSection>
  );
}
