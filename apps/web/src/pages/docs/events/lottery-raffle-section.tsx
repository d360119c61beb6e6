import { Link } from "react-router";
import { Bullets, C, Callout, DataTable, DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

/** Lotteries, raffles, the events ping role and the giveaways' invite requirement, as the bot runs them. */
export function LotteryRaffleSections() {
  return (
    <>
      <DocsSection
        id="lottery"
        title="Lottery"
        intro="Members take tickets; one ticket is drawn when the lottery ends, so each ticket is one chance."
      >
        <CommandTable caption="Lottery commands" prefixes={["lottery"]} />
        <div className="mt-6">
          <Bullets
            items={[
              <>
                One lottery runs per server at a time, so <C>/lottery ticket</C> and <C>/lottery status</C>{" "}
                work from any channel. <C>/lottery start</C> posts it in the channel you pick (or the current
                one) with a <strong>Take a ticket</strong> button; a second start is refused until the first
                is drawn.
              </>,
              <>
                The duration is written like <C>30m</C>, <C>12h</C>, <C>3d</C> or <C>1w</C>, from 1 minute to
                90 days; the prize is up to 200 characters.
              </>,
              <>
                Each press of the button takes one ticket; <C>/lottery ticket count:3</C> takes several.
                Nobody can hold more than <C>max_tickets</C> (1 to 100, default 1): asking for more than is
                left takes what is left and says so. Tickets are counted in one database transaction, so many
                members pressing at once never oversell. Bots can't take tickets.
              </>,
              <>
                <C>/lottery status</C> shows the prize, the tickets taken and by how many members, your
                tickets with your current chance, and a live countdown to the draw. With no lottery running it
                shows the last one's result.
              </>,
              <>
                The draw happens exactly once: at the end time by a scheduled job stored in the database (it
                survives restarts, and a lottery whose time passed while Hearth was down is drawn when it
                comes back), or earlier with <C>/lottery draw</C>. One ticket is drawn from all tickets sold
                with the same secure weighted draw as giveaways.
              </>,
              <>
                The announcement in the lottery's channel names the winner, the tickets sold and the winner's
                odds (their tickets over all tickets), e.g.{" "}
                <em>won with 3 tickets of 40 tickets sold to 12 members (7.5% odds)</em>; only the winner is
                pinged. The lottery message then shows the result and its button is disabled.
              </>,
            ]}
          />
        </div>
      </DocsSection>

      <DocsSection
        id="raffle"
        title="Raffle"
        intro="Staff hand out raffle tickets — for donations, event wins or anything else — and draw several winners weighted by tickets."
      >
        <CommandTable caption="Raffle commands" prefixes={["raffle"]} />
        <div className="mt-6">
          <Bullets
            items={[
              <>
                One raffle is open per server at a time. <C>/raffle start</C> opens it in the current channel
                with 1 to 20 winners; the draw is announced there.
              </>,
              <>
                <C>/raffle add user:@Alex tickets:5</C> adds 1 to 1,000 tickets to what the member already
                holds (up to 1,000,000 in one raffle). Each grant is recorded in the audit log. Bots and
                people who are not members can't hold tickets.
              </>,
              <>
                <C>/raffle tickets</C> shows your tickets (or another member's), the total and your share;
                after the draw it shows the winners.
              </>,
              <>
                <C>/raffle draw</C> closes the raffle and draws the winners by ticket weight without
                replacement: nobody wins twice, and a winner's tickets leave the pool before the next seat is
                drawn.
              </>,
              <>
                Tickets of members who left the server are not drawn: Hearth marks members as they leave (and
                back when they return), and checks each drawn winner is still a member at draw time. If
                Discord can't answer that check, the winner is kept and the draw reply says so.
              </>,
              <>
                A draw is final and recorded: the winners, their tickets, who drew and when. Drawing again is
                refused; open a new raffle for the next round.
              </>,
            ]}
          />
        </div>
      </DocsSection>

      <DocsSection
        id="events-ping"
        title="Events ping role"
        intro={
          <>
            Choose it with <C>/setup events_ping_role</C> or the dashboard's Setup tab. Members who take that
            role hear about every event as it starts.
          </>
        }
      >
        <DataTable
          caption="When the events ping role is mentioned"
          columns={["Event", "Mentioned in"]}
          rows={[
            ["Giveaway", "The giveaway message, when it is started."],
            ["Lottery", "The lottery message with its Take a ticket button."],
            ["Raffle", "The raffle's opening post."],
            ["Tournament", "The sign-up message, when the tournament is created."],
          ]}
        />
        <Callout title="Only that role pings">
          The message allows exactly one mention: the events ping role. Prizes or names containing @everyone,
          other roles or members never ping anyone. With no events ping role set, the messages ping no one.
        </Callout>
      </DocsSection>

      <DocsSection
        id="invite-requirement"
        title="Giveaway invite requirement"
        intro={
          <>
            A giveaway started with <C>min_invites</C> accepts members who brought at least that many people
            into the server.
          </>
        }
      >
        <Bullets
          items={[
            <>
              Hearth keeps each server's invites and how often each was used. When someone joins, it reads the
              invites again: the invite whose uses went up by one is the one they used, and its creator gets
              the credit. A one-use invite that Discord deletes as it is used is recognised too.
            </>,
            <>
              A member's invites are the people who joined through their invite links and are still in the
              server: when one of them leaves, the count goes down, and someone rejoining isn't counted twice.
              Joins that can't be told apart (two invites used at the same moment, the vanity URL) credit no
              one.
            </>,
            <>
              Counting starts when Hearth can first read the server's invites and is kept in the database, so
              it carries on across restarts; people who joined while Hearth was offline are not credited.
            </>,
            <>
              Bypass roles skip this requirement like the others (see{" "}
              <Link
                to="/docs/advanced#giveaways"
                className="text-ember-300 underline underline-offset-4 hover:text-ember-200"
              >
                giveaway tuning
              </Link>
              ).
            </>,
          ]}
        />
        <Callout tone="warning" title="Hearth needs Manage Server to count invites">
          Discord shows a server's invites only to members with the Manage Server permission. Without it,
          invites can't be counted: members who press Enter on a giveaway with an invite requirement are told
          exactly that (instead of a bare refusal), and <C>/giveaway start</C> warns the staff member who
          starts one.
        </Callout>
      </DocsSection>
    </>
  );
}
