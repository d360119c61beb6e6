import { Bullets, C, DataTable, DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

/** The Market checker: the price list, trade checks and price questions in chat. */
export function MarketSection() {
  return (
    <DocsSection
      id="market-checker"
      title="Market checker"
      intro={
        <>
          Managers keep a price list for the server; everyone can look prices up and check trades with{" "}
          <C>/market</C>. With the <strong>Market checker</strong> switch on (off by default), Hearth also
          answers price questions typed in chat.
        </>
      }
    >
      <CommandTable caption="Market commands" prefixes={["market"]} />
      <div className="mt-6">
        <DataTable
          caption="Price questions Hearth answers in chat"
          columns={["You type", "Hearth replies"]}
          rows={[
            [<C key="a">pc gold bar</C>, "💰 Gold Bar: 1.5M (1,500,000)"],
            [<C key="b">price of a trophy?</C>, "💰 Trophy: 12M (12,000,000)"],
            [<C key="c">trophy price</C>, "the same answer"],
            [<C key="d">how much is a padlock worth?</C>, "💰 Padlock: 25K (25,000)"],
            [<C key="e">what's a landmine worth</C>, "💰 Landmine: 40K (40,000)"],
            [<C key="f">value of cookie</C>, "💰 Cookie: 2.5K (2,500)"],
          ]}
        />
      </div>
      <div className="mt-6">
        <Bullets
          items={[
            <>
              Names are matched loosely: case, accents, spaces, punctuation and plurals don't matter (
              <C>goldbars</C> finds Gold Bar), small typos are forgiven, and a part of a name works when only
              one item has it. When Hearth isn't sure it suggests up to three items; in chat it stays quiet
              when nothing is close, so ordinary talk ("the price went up") gets no answer.
            </>,
            <>
              Chat answers come only from members (never bots), as a reply that pings no one, in the channels
              chosen with <C>/market channel</C> — or in every channel while none is chosen.
            </>,
            <>
              <C>/market check</C> takes each side as items and coins separated by commas, <C>+</C>,{" "}
              <C>&amp;</C> or <C>and</C>: <C>2 gold bar, 500k</C>, <C>trophy x3</C>, <C>4x apple</C>. It shows
              both totals and the difference. Verdict: <strong>fair</strong> when the sides are within 5% of
              the larger one, <strong>slightly</strong> in or against your favour up to 15%, and beyond that{" "}
              <strong>you win this trade</strong> or <strong>you overpay</strong>. Every item must be on the
              list.
            </>,
            <>
              Prices are whole coins from 1 to 1,000T; a server holds up to 1,000 items. <C>/market set</C>,{" "}
              <C>remove</C>, <C>import</C>, <C>export</C> and <C>channel</C> need Manage Server or the grinder
              management role, and each change is in the server's history.
            </>,
            <>
              CSV: one <C>item,price</C> line per item (a header line is optional; <C>;</C> works too; quote
              names holding commas). Import adds or updates the items in the file and keeps the others; a file
              with any bad line changes nothing and names the lines (up to 256 KB). Export gives the same
              format back.
            </>,
          ]}
        />
      </div>
    </DocsSection>
  );
}
