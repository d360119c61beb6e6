import fc from "fast-check";
import { emojiCap, type ServerContext } from "./provider.ts";

/** A server with three custom emojis (one animated), as the designer sees it. */
export const server: ServerContext = {
  name: "Ember Hollow",
  emojis: ["<:ember:111111111111111111>", "<:hollow:222222222222222222>", "<a:spark:333333333333333333>"],
};

/** A server without custom emojis. */
export const bare: ServerContext = { name: "Quiet Place", emojis: [] };

/** Words the composers react to, mixed with braces and stray text. */
const words = fc.constantFrom(
  "fun",
  "hype",
  "formal",
  "gaming",
  "calm",
  "thank",
  "red",
  "blurple",
  "#abcdef",
  "no ping",
  "don't mention",
  "no emoji",
  "emojis",
  "reward",
  "leaderboard",
  "remind",
  "streak",
  "time",
  "platform",
  "<#333333333333333333>",
  '"thanks a ton"',
  "{",
  "}",
  "{USER_NAME}",
  "💥",
);
/** Instructions as a manager might type them, or any text at all. */
export const instruction = fc.oneof(
  fc.string({ maxLength: 1000 }),
  fc.array(fc.oneof(words, fc.string({ maxLength: 12 })), { maxLength: 30 }).map((parts) => parts.join(" ")),
);
/** Any server name with up to 10 custom emojis. */
export const serverArb = fc.record({
  name: fc.string({ minLength: 1, maxLength: 100 }),
  emojis: fc.array(
    fc
      .tuple(fc.stringMatching(/^\w{2,32}$/), fc.bigInt({ min: 10n ** 17n, max: 10n ** 19n }))
      .map(([name, id]) => `<:${name}:${id}>`),
    { maxLength: emojiCap },
  ),
});
