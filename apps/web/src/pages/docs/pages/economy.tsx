import { AntiPoolSection } from "../economy/antipool-section";
import { BankCalcSection } from "../economy/bankcalc-section";
import { CalculatorSection } from "../economy/calculator-section";
import { EventHelperSection } from "../economy/event-helper-section";
import { HeistSection } from "../economy/heist-section";
import { MarketSection } from "../economy/market-section";
import { RumbleSection } from "../economy/rumble-section";
import { TipsSection } from "../economy/tips-section";
import { TriggersSection } from "../economy/triggers-section";
import { Bullets, C, DocsArticle, DocsCta, DocsHeader, DocsSection } from "../ui/blocks";

/**
 * The economy helpers guide: one section per Settings switch, each a component in `docs/economy/`,
 * so each feature's docs sit beside the others: add a section by importing it here.
 */
export function DocsContent() {
  return (
    <DocsArticle>
      <DocsHeader lead="Helpers for grinding communities: a calculator that speaks 1.5m, a bank splitter for heist payouts, a price list with a trade checker, and short tips about Hearth — each behind a switch on the dashboard's Settings tab." />

      <DocsSection id="switches" title="Switching helpers on and off">
        <Bullets
          items={[
            <>
              Each helper has a switch on the dashboard's Settings tab and in <C>/settings</C> (Manage
              Server). Changes apply at once: the bot reads the switches on every use (through a cache that
              every change clears, and that never keeps a value longer than 5 seconds).
            </>,
            <>
              Off means: the Calculator and Market checker stop answering in chat (<C>/calc</C> and{" "}
              <C>/market</C> keep working); <C>/bankcalc</C> answers privately that it is switched off; Tips
              stop appearing.
            </>,
          ]}
        />
      </DocsSection>

      <CalculatorSection />
      <BankCalcSection />
      <MarketSection />
      <TipsSection />
      <EventHelperSection />
      <RumbleSection />
      <HeistSection />
      <TriggersSection />
      <AntiPoolSection />

      <DocsCta
        title="Try it"
        command="/calc expression:(250k+1.2m)/4"
        primary={{ to: "/commands?q=calc", label: "Calculator command" }}
        secondary={{ to: "/docs/dashboard", label: "Dashboard & Tokens" }}
      >
        Or type <code>15% of 2b</code> in any channel the bot can read.
      </DocsCta>
    </DocsArticle>
  );
}
