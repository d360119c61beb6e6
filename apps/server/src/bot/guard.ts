import type { BotEventMap, BotEventName } from "../discord/port/events.ts";
import type { Interaction } from "../discord/port/interaction.ts";

/**
 * A check that runs before anything the bot does: every command, button, menu and form, and every
 * gateway event. The composition supplies it (the developer tools' global block list and
 * lockdown); `bot/` knows only this shape.
 */
export interface BotGuard {
  /**
   * The notice to answer instead of handling the interaction (privately), or null to handle it.
   * Runs before the access rules of the command.
   */
  checkInteraction(interaction: Interaction): Promise<string | null>;
  /**
   * Whether listeners hear this event at all. Answering false drops it; the guard may act on it
   * itself (e.g. leave a blocked server that announced itself).
   */
  allowEvent<K extends BotEventName>(name: K, payload: BotEventMap[K]): Promise<boolean>;
}
