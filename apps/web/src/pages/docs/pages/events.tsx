import { BirthdaysSection } from "../events/birthdays-section";
import { GiveawaysSection } from "../events/giveaways-section";
import { LotteryRaffleSections } from "../events/lottery-raffle-section";
import { TournamentsSection } from "../events/tournaments-section";
import { Bullets, C, DocsArticle, DocsCta, DocsHeader, DocsSection } from "../ui/blocks";

/**
 * The Events guide. Each event type is one section component in `docs/events/`, so the page stays
 * short and each feature's docs live beside the others: add a section by importing it here.
 */
export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Events bring a server together: giveaways (now, later or recurring), birthdays celebrated at each member's own midnight, single-elimination tournaments with a public bracket, lotteries and raffles — run by your event managers with slash commands and buttons." />

      <DocsSection id="overview" title="Who runs events">
        <Bullets
          items={[
            <>
              Staff commands (<C>/birthday setup</C>, <C>/tournament create</C>, <C>start</C> and{" "}
              <C>report</C>, <C>/lottery start</C> and <C>draw</C>, <C>/raffle start</C>, <C>add</C> and{" "}
              <C>draw</C>) need Manage Server or the event manager role chosen with <C>/setup</C>.
            </>,
            <>
              Everyone can save a birthday, list upcoming birthdays, join or leave a tournament and view its
              bracket.
            </>,
            <>
              When a tournament opens its sign-ups, Hearth mentions the events ping role from <C>/setup</C>{" "}
              (only that role is pinged).
            </>,
          ]}
        />
      </DocsSection>

      <GiveawaysSection />
      <BirthdaysSection />
      <TournamentsSection />
      <LotteryRaffleSections />

      <DocsCta
        title="Start your first event"
        command="/tournament create name:Summer Cup size:16"
        primary={{ to: "/commands?q=tournament", label: "Event commands" }}
        secondary={{ to: "/docs/advanced", label: "Advanced" }}
      >
        Sign-ups open with a button; the bracket is seeded when you start.
      </DocsCta>
    </DocsArticle>
  );
}
