import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscordStandIn } from "../../../test/discord-stand-in/index.ts";
import { testConfig } from "../../config.ts";
import { startHearth } from "../../server.ts";
import { DiscordJsAdapter } from "./adapter.ts";

// `startHearth` with DISCORD_TOKEN set, against the Discord stand-in: the bot role opens the gateway,
// an api-only process uses REST alone.

let standIn: DiscordStandIn;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hearth-discord-"));

beforeAll(async () => {
  standIn = await DiscordStandIn.start();
  standIn.state.addGuild({ name: "Real Hollow" });
});

afterAll(async () => {
  await standIn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const config = (roles: ("api" | "bot" | "worker")[]) =>
  testConfig({
    databaseUrl: path.join(dir, "hearth.db"),
    discordToken: standIn.token,
    discordApiUrl: standIn.apiUrl,
    roles,
    port: 0,
    host: "127.0.0.1",
    webDist: path.join(dir, "no-web"),
  });

describe("starting Hearth with a Discord token", () => {
  it("the bot role connects to the gateway and the guilds it hears of fill the guilds table", async () => {
    const hearth = await startHearth(config(["bot", "worker"]));
    try {
      expect(hearth.ctx.discord).toBeInstanceOf(DiscordJsAdapter);
      expect(hearth.bot).not.toBeNull();
      expect(standIn.gateway.sessions).toHaveLength(1);
      const guild = [...standIn.state.guilds.values()][0];
      // start() resolves once every guild has arrived; their listeners may still be writing.
      await (hearth.ctx.discord as DiscordJsAdapter).events.idle();
      const rows = await hearth.ctx.storage.db.selectFrom("guilds").select(["id", "name"]).execute();
      expect(rows).toEqual([{ id: guild?.id, name: "Real Hollow" }]);
    } finally {
      await hearth.stop();
    }
  });

  it("an api-only process never opens the gateway but reaches Discord over REST", async () => {
    const hearth = await startHearth(config(["api"]));
    try {
      const discord = hearth.ctx.discord as DiscordJsAdapter;
      expect(discord.client).toBeNull();
      expect(hearth.bot).toBeNull();
      const guild = [...standIn.state.guilds.values()][0];
      expect(await discord.getGuild(guild?.id ?? "")).toMatchObject({ name: "Real Hollow" });
      expect(standIn.gateway.sessions).toHaveLength(1);
    } finally {
      await hearth.stop();
    }
  });
});
