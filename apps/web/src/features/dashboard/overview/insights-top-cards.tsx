import type { InsightsPeriod, InsightsTop } from "@hearth/core";
import { BarListChart } from "./bar-list-chart";
import { ChartCard } from "./chart-card";
import { channelLabel } from "./heatmap-chart";
import { insightsColours as colours } from "./insights-colours";
import { periodNames } from "./insights-summary";

/** The period's busiest channels, top commands and giveaway entries, each a bar chart with its table. */
export function TopCards({ top: topData, period }: { top: InsightsTop; period: InsightsPeriod }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <ChartCard
        title="Busiest channels"
        description={`Messages per channel, last ${periodNames[period]}.`}
        filename={`channels-${period}`}
        empty={topData.channels.length === 0 ? "No messages counted in this period." : null}
        table={{
          caption: `Messages per channel, last ${periodNames[period]}`,
          headers: ["Channel", "Messages", "Previous period"],
          rows: topData.channels.map((channel) => [
            channelLabel(channel),
            channel.messages,
            channel.previous,
          ]),
        }}
      >
        <BarListChart
          label={`Busiest channels, last ${periodNames[period]}`}
          valueLabel="Messages"
          color={colours.channels}
          items={topData.channels.map((channel) => ({
            key: channel.channelId,
            label: channelLabel(channel),
            value: channel.messages,
          }))}
        />
      </ChartCard>
      <ChartCard
        title="Top commands"
        description={`Slash commands used, last ${periodNames[period]}.`}
        filename={`commands-${period}`}
        empty={topData.commands.length === 0 ? "No commands used in this period." : null}
        table={{
          caption: `Commands used, last ${periodNames[period]}`,
          headers: ["Command", "Uses", "Previous period"],
          rows: topData.commands.map((command) => [`/${command.command}`, command.uses, command.previous]),
        }}
      >
        <BarListChart
          label={`Top commands, last ${periodNames[period]}`}
          valueLabel="Uses"
          color={colours.commands}
          items={topData.commands.map((command) => ({
            key: command.command,
            label: `/${command.command}`,
            value: command.uses,
          }))}
        />
      </ChartCard>
      <ChartCard
        title="Giveaway entries"
        description={`Entries per giveaway, last ${periodNames[period]}.`}
        filename={`giveaways-${period}`}
        empty={topData.giveaways.length === 0 ? "No giveaway entries in this period." : null}
        table={{
          caption: `Entries per giveaway, last ${periodNames[period]}`,
          headers: ["Giveaway", "Entries"],
          rows: topData.giveaways.map((giveaway) => [
            giveaway.prize ?? `Giveaway …${giveaway.giveawayId.slice(-6)}`,
            giveaway.entries,
          ]),
        }}
      >
        <BarListChart
          label={`Giveaway entries, last ${periodNames[period]}`}
          valueLabel="Entries"
          color={colours.entries}
          items={topData.giveaways.map((giveaway) => ({
            key: giveaway.giveawayId,
            label: giveaway.prize ?? `Giveaway …${giveaway.giveawayId.slice(-6)}`,
            value: giveaway.entries,
          }))}
        />
      </ChartCard>
    </div>
  );
}
