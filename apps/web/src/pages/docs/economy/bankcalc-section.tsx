import { Bullets, C, DataTable, DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

/** `/bankcalc`, behind the Bank calculator switch. */
export function BankCalcSection() {
  return (
    <DocsSection
      id="bank-calculator"
      title="Bank calculator"
      intro={
        <>
          <C>/bankcalc</C> splits a heist or bank payout between the crew in whole coins. It works while the{" "}
          <strong>Bank calculator</strong> switch is on (off by default); while it is off the command answers,
          privately, that the server switched it off and how to switch it on.
        </>
      }
    >
      <CommandTable caption="Bank calculator command" names={["bankcalc"]} />
      <div className="mt-6">
        <DataTable
          caption="How a split is worked out"
          columns={["Step", "Rule", "Example: total 100m, 3 members, fee 10, cut 5%"]}
          rows={[
            ["Fee", "total × fee%, rounded down to whole coins", "10M"],
            [
              "Organiser's cut",
              "a percent of what is left (rounded down), or a fixed amount",
              "5% of 90M = 4.5M",
            ],
            ["Shared", "what remains after the fee and the cut", "85.5M"],
            ["Each member", "shared ÷ members, rounded down", "28.5M"],
            ["Remainder", "the coins that don't divide evenly (fewer than the member count)", "none"],
          ]}
        />
      </div>
      <div className="mt-6">
        <Bullets
          items={[
            <>
              Give <C>members</C> (1–100) or list the crew in <C>crew</C> as mentions; a member named twice
              counts once. Amounts read like the calculator: <C>250m</C>, <C>1.2b</C>, even <C>2b-10%</C>; the
              total must be whole coins.
            </>,
            <>
              <C>organiser_cut</C> ending in <C>%</C> is a percentage (<C>15%</C>); otherwise an amount (
              <C>5m</C>), which can't exceed what is left after the fee. The cut goes to whoever runs the
              command.
            </>,
            <>
              The answer is private unless <C>post:true</C>: then the table is posted in the channel. Mentions
              in it show who gets what without pinging anyone.
            </>,
          ]}
        />
      </div>
    </DocsSection>
  );
}
