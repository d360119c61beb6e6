import { describe, expect, it } from "vitest";
import { applicationCommands } from "./definitions.ts";
import { registrationPlan } from "./registration.ts";

const paths = ["timer list", "dev ban", "dev eval", "purge"];
const home = "123456789012345678";
const other = "223456789012345678";

describe("where commands are registered", () => {
  it("puts members' commands globally and the developer tools only on the developers' server", () => {
    expect(registrationPlan(paths, { commandsGuildId: undefined, devGuildId: home })).toEqual([
      { guildId: undefined, paths: ["timer list", "purge"] },
      { guildId: home, paths: ["dev ban", "dev eval"] },
    ]);
  });

  it("puts everything on COMMANDS_GUILD_ID when it is also the developers' server", () => {
    expect(registrationPlan(paths, { commandsGuildId: home, devGuildId: home })).toEqual([
      { guildId: home, paths: ["timer list", "purge", "dev ban", "dev eval"] },
    ]);
    expect(registrationPlan(paths, { commandsGuildId: other, devGuildId: home })).toEqual([
      { guildId: other, paths: ["timer list", "purge"] },
      { guildId: home, paths: ["dev ban", "dev eval"] },
    ]);
  });

  it("registers the developer tools nowhere without a developers' server", () => {
    expect(registrationPlan(paths, { commandsGuildId: undefined, devGuildId: undefined })).toEqual([
      { guildId: undefined, paths: ["timer list", "purge"] },
    ]);
  });

  it("hides /dev from everyone but administrators of the server it is on", () => {
    const definitions = applicationCommands(paths);
    expect(definitions.find((d) => d.name === "dev")?.defaultMemberPermissions).toBe("0");
    expect(definitions.find((d) => d.name === "timer")?.defaultMemberPermissions).toBeNull();
    expect(definitions.find((d) => d.name === "purge")?.defaultMemberPermissions).toBeNull();
  });
});
