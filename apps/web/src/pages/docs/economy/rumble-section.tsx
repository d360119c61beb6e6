import { Bullets, C, DocsSection } from "../ui/blocks";
import { CommandTable } from "../ui/command-table";

/** The Rumble tracker: battle-royale wins, congratulations and leaderboards. */
export function RumbleSection() {
  return (
    <DocsSection
      id="rumble-tracker"
      title="Rumble tracker"
      intro={
        <>
          With the <strong>Rumble tracker</strong> switch on (off by default), Hearth reads the game-over
          messages of <strong>Rumble Royale</strong> (bot id <C>693167035068317736</C>), the battle-royale bot
          of these servers, records each winner and congratulates them with their total wins.
        </>
      }
    >
      <CommandTable caption="Rumble commands" prefixes={["rumble"]} />
      <div className="mt-6">
        <Bullets
          items={[
            <>
              A game over is Rumble Royale's <strong>WINNER</strong> embed: the winner is read from a mention
              in it, or from their avatar (the embed's thumbnail link holds their Discord id); a text ending
              such as “@Alex won the rumble!” counts too. Round narration and the lobby are ignored, and so is
              the same embed posted by anyone else.
            </>,
            <>
              Each game-over message counts once, however often Discord delivers it. Hearth replies: “🏆
              Congratulations @Alex, you won the rumble! That's 12 wins in all (3 this month).” Only the
              winner is pinged.
            </>,
            <>
              <C>/rumble leaderboard</C> shows the top 15 (all-time by default, or this calendar month in UTC)
              and, when you're further down, your own rank; members with the same number of wins share a
              place. <C>/rumble stats</C> shows a member's wins, this month's, rank and last win.
            </>,
            <>While the switch is off new games aren't counted; the leaderboards keep what was recorded.</>,
          ]}
        />
      </div>
    </DocsSection>
  );
}
