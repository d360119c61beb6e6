import { dankMemerId } from "@hearth/core";
import { Bullets, C, DataTable, DocsSection } from "../ui/blocks";

/** The Event helper: answers for the game bot's in-chat events. */
export function EventHelperSection() {
  return (
    <DocsSection
      id="event-helper"
      title="Event helper"
      intro={
        <>
          With the <strong>Event helper</strong> switch on (off by default;{" "}
          <C>/settings feature:events_cheat</C>), when the server's game bot posts an in-chat event that has
          one right answer, Hearth posts that answer in the same channel at once, in a code span so it's one
          tap to copy.
        </>
      }
    >
      <DataTable
        caption="Events Hearth answers"
        columns={["The game bot posts", "Hearth posts"]}
        rows={[
          [
            <>
              Type the phrase below: <C key="a">dank memer is the best bot</C>
            </>,
            "🎯 Type: `dank memer is the best bot`",
          ],
          [
            <>
              Retype this: <C key="b">free robux scam</C>
            </>,
            "🎯 Type: `free robux scam`",
          ],
          [
            <>
              Type this backwards: <C key="c">emem knad</C>
            </>,
            "🎯 Backwards: `dank meme`",
          ],
          [
            <>
              Unscramble the word: <C key="d">lpdcoak</C>
            </>,
            "🎯 Unscrambled: `padlock`",
          ],
          [
            <>
              What is <C key="e">58 + 17</C>?
            </>,
            "🎯 Answer: `75`",
          ],
        ]}
      />
      <div className="mt-6">
        <Bullets
          items={[
            <>
              The phrase, word or sum is the first code span of the event's message or embed; the words around
              it say which event it is (type/retype/say, backwards/reverse, unscramble/scrambled, what
              is/solve). The invisible characters the game bot hides in phrases so they can't be pasted are
              removed.
            </>,
            <>
              Scrambles are solved from a word list Hearth ships (about 600 words: the game's items, animals,
              jobs and everyday words). When the letters fit several words, all are shown; when none fits,
              Hearth stays quiet. Sums are two whole numbers with + − × ÷ (division only when it comes out
              whole).
            </>,
            <>
              Which bots count as the game bot is the <strong>Game bot IDs</strong> field on the Settings tab
              (or <C>/settings feature:events_cheat game_bots:…</C>): Dank Memer (<C>{dankMemerId}</C>) by
              default, up to 10 bots. Messages from members, webhooks and other bots are never answered.
            </>,
            <>The answer is posted with mentions switched off. Switching the helper off stops it at once.</>,
          ]}
        />
      </div>
    </DocsSection>
  );
}
