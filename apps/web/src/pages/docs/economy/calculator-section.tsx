import { Bullets, C, DataTable, DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

/** The calculator: `/calc`, and sums typed in chat while the Calculator switch is on. */
export function CalculatorSection() {
  return (
    <DocsSection
      id="calculator"
      title="Calculator"
      intro={
        <>
          <C>/calc</C> works for everyone, always. With the <strong>Calculator</strong> switch on (it is on by
          default), a message that is nothing but a sum gets the answer as a reply, without pinging anyone.
        </>
      }
    >
      <CommandTable caption="Calculator command" names={["calc"]} />
      <div className="mt-6">
        <DataTable
          caption="What the calculator reads"
          columns={["You type", "Answer", "Why"]}
          rows={[
            [<C key="a">1.5m*3</C>, "= 4.5M (4,500,000)", "k, m, b and t (thousand to trillion), any case"],
            [
              <C key="b">(250k+1.2m)/4</C>,
              "= 362.5K (362,500)",
              "parentheses, + - * / (x and × multiply too)",
            ],
            [<C key="c">15% of 2b</C>, "= 300M (300,000,000)", "a percentage of something"],
            [
              <C key="d">2b - 10%</C>,
              "= 1.8B (1,800,000,000)",
              "adding or taking a percentage changes the amount before it",
            ],
            [<C key="e">1,500,000 / 3</C>, "= 500K (500,000)", "commas group thousands only"],
            [<C key="f">2^10</C>, "= 1.024K (1,024)", "whole-number powers"],
            [
              <C key="g">1m/3</C>,
              "≈ 333.33K (333,333.33, rounded)",
              "repeating decimals are rounded, and say so",
            ],
          ]}
        />
      </div>
      <div className="mt-6">
        <Bullets
          items={[
            <>
              Arithmetic is exact (fractions, not floating point): <C>0.1+0.2</C> is 0.3 and <C>1m/3*3</C> is
              1M. Exact answers show every digit, so you can paste one back in.
            </>,
            <>
              <C>%</C> always means percent, never remainder: <C>15%</C> is 0.15, <C>a + 15%</C> and{" "}
              <C>a - 15%</C> add or take 15% of <C>a</C>, and <C>of</C> multiplies.
            </>,
            <>
              Limits: 200 characters, 30 digits per number, powers must be whole numbers, and results stay
              below about 10<sup>77</sup>. A mistake is named with its position, e.g.{" "}
              <C>Missing ")" (at position 13)</C>.
            </>,
            <>
              In chat, Hearth answers only messages made entirely of a sum with at least one operator (one
              trailing <C>=</C> or <C>?</C> is fine). It stays quiet on plain numbers (<C>1.5m</C>, <C>15%</C>
              ), on anything with words, and on <C>2-1</C>, <C>9/10</C> or <C>24/7</C> — scores and ratings,
              not sums — unless written with a suffix, decimal or comma (<C>1m/4</C>). Other bots' messages
              are ignored.
            </>,
            <>
              Switching the Calculator off (Settings tab or <C>/settings feature:calculator toggle:false</C>)
              stops the chat answers at once; <C>/calc</C> keeps working.
            </>,
          ]}
        />
      </div>
    </DocsSection>
  );
}
