import { composedOf } from "../port/composed.ts";
import { SandboxDirectory } from "./directory.ts";
import { inviteSimulation } from "./invites.ts";
import { interactionSimulation } from "./simulate-interactions.ts";
import { messageSimulation } from "./simulate-messages.ts";
import { serverSimulation } from "./simulate-server.ts";
import { clientViews } from "./views.ts";

type Simulations = ReturnType<typeof serverSimulation> &
  ReturnType<typeof inviteSimulation> &
  ReturnType<typeof messageSimulation> &
  ReturnType<typeof interactionSimulation> &
  ReturnType<typeof clientViews>;

/**
 * Discord without Discord: guilds, channels, roles and members live in `sandbox_*` tables (seeded
 * with a demo server), and every outgoing action is applied there, recorded in `sandbox_outbox`
 * and logged, so the dashboard shows real effects and tests can assert on them. The port itself is
 * `SandboxDirectory`; this class adds what Discord's gateway would deliver: the bot's start, and
 * the `simulate…` calls (members posting, reacting, clicking, submitting forms; admins editing
 * roles and channels) that tests and the sandbox UI use, and what a member's client shows. Those
 * are its parts' (simulate-server.ts, invites.ts, simulate-messages.ts, simulate-interactions.ts,
 * views.ts beside it), assembled over the directory's context. Each simulation resolves once every
 * listener of the event it emits has finished.
 */
export class SandboxAdapter extends composedOf<Simulations, typeof SandboxDirectory>(SandboxDirectory) {
  constructor(...args: ConstructorParameters<typeof SandboxDirectory>) {
    super(...args);
    const simulations: Simulations = {
      ...serverSimulation(this.sandbox, this),
      ...inviteSimulation(this.sandbox),
      ...messageSimulation(this.sandbox, this),
      ...interactionSimulation(this.sandbox, this),
      ...clientViews(this.sandbox),
    };
    Object.assign(this, simulations);
  }

  /** The sandbox's READY: the bot "joins" every guild of the directory. */
  async start(): Promise<void> {
    for (const guild of await this.listGuilds()) await this.events.emit("guildCreate", guild);
  }

  async stop(): Promise<void> {
    await this.events.idle();
  }

  /** A member simulated, e.g. leaving, reacting: what their clients show changed. */
  noteChange(guildId: string | null): void {
    this.sandbox.changes.notify(guildId);
  }
}
