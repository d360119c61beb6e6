import { describe, expect, it } from "vitest";
import { commandCatalogue, commandCategories, commandsUnder, findCommand, usageOf } from "./catalogue.ts";

// Discord's limits for registering application commands.
const DISCORD_NAME = /^[-_\p{Ll}\p{N}]{1,32}$/u;
const MAX_DESCRIPTION = 100;
const MAX_OPTIONS = 25;
const MAX_CHOICES = 25;

const names = commandCatalogue.map((entry) => entry.name);

describe("command catalogue", () => {
  it("has one entry per command path", () => {
    expect(new Set(names).size).toBe(names.length);
  });

  it("uses every category, and only known ones", () => {
    const used = new Set(commandCatalogue.map((entry) => entry.category));
    expect([...used].sort()).toEqual([...commandCategories].sort());
  });

  it("lists entries in the categories' display order", () => {
    const order = commandCatalogue.map((entry) => commandCategories.indexOf(entry.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it.each(commandCatalogue.map((entry) => [entry.name, entry] as const))(
    "%s is well formed",
    (_name, entry) => {
      const words = entry.name.split(" ");
      expect(words.length).toBeGreaterThanOrEqual(1);
      expect(words.length).toBeLessThanOrEqual(3);
      for (const word of words) expect(word).toMatch(DISCORD_NAME);

      expect(entry.description.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeLessThanOrEqual(MAX_DESCRIPTION);

      expect(entry.usage.startsWith(`/${entry.name}`)).toBe(true);
      expect(entry.usage).toBe(usageOf(entry.name, entry.options));

      expect(entry.examples.length).toBeGreaterThan(0);
      for (const example of entry.examples) {
        expect(example === `/${entry.name}` || example.startsWith(`/${entry.name} `)).toBe(true);
      }

      if (entry.developerOnly) expect(entry.permissions).toEqual([]);
    },
  );

  it.each(commandCatalogue.map((entry) => [entry.name, entry] as const))(
    "%s has registrable options",
    (_name, entry) => {
      const options = entry.options ?? [];
      expect(options.length).toBeLessThanOrEqual(MAX_OPTIONS);
      expect(new Set(options.map((option) => option.name)).size).toBe(options.length);

      // Discord rejects a required option after an optional one.
      const firstOptional = options.findIndex((option) => !option.required);
      if (firstOptional >= 0) expect(options.slice(firstOptional).every((o) => !o.required)).toBe(true);

      for (const option of options) {
        expect(option.name).toMatch(DISCORD_NAME);
        expect(option.description.length).toBeGreaterThan(0);
        expect(option.description.length).toBeLessThanOrEqual(MAX_DESCRIPTION);
        if (option.choices) {
          expect(option.choices.length).toBeGreaterThan(0);
          expect(option.choices.length).toBeLessThanOrEqual(MAX_CHOICES);
        }
        if (option.min !== undefined || option.max !== undefined) {
          expect(["integer", "number"]).toContain(option.type);
        }
      }

      // Every option an example uses exists on the command.
      for (const example of entry.examples) {
        for (const [, used] of example.matchAll(/(?:^|\s)([a-z_]+):/g)) {
          expect(options.map((option) => option.name)).toContain(used);
        }
      }
    },
  );

  it("never makes a command both a leaf and a parent of others", () => {
    for (const name of names) {
      expect(names.filter((other) => other.startsWith(`${name} `))).toEqual([]);
    }
  });

  it("keeps a subcommand group's members at one depth", () => {
    const roots = new Map<string, Set<number>>();
    for (const name of names) {
      const [root = ""] = name.split(" ");
      const depths = roots.get(root) ?? new Set<number>();
      depths.add(name.split(" ").length);
      roots.set(root, depths);
    }
    for (const [root, depths] of roots) {
      // A root with plain subcommands and groups is allowed; a root that is itself a command is not.
      if (depths.has(1)) expect([root, [...depths]]).toEqual([root, [1]]);
    }
  });

  it("carries the spec's permissions for the commands it names", () => {
    for (const name of ["mod audit", "mod ban", "mod kick", "mod timeout", "mod unban", "mod warn"]) {
      expect(findCommand(name)?.permissions).toEqual(["Moderate Members"]);
    }
    for (const name of ["role assign", "role remove", "role sync"]) {
      expect(findCommand(name)?.permissions).toEqual(["Manage Roles"]);
    }
    for (const name of ["dashboard create", "dashboard revoke", "dashboard token", "setup"]) {
      expect(findCommand(name)?.permissions).toEqual(["Administrator"]);
    }
    const dev = commandsUnder("dev").map((entry) => entry.name.split(" ")[1]);
    expect(dev).toEqual(["ban", "cache", "eval", "liftlock", "lockdown", "notifyusers", "reset", "unban"]);
    expect(commandsUnder("dev").every((entry) => entry.permissions.length === 0 && entry.developerOnly)).toBe(
      true,
    );
  });

  it("documents every command the spec lists", () => {
    const expected = [
      "embed create",
      "setup",
      "settings",
      "permissions check",
      "welcome setup",
      "welcome test",
      "welcome toggle",
      "welcome ping_add",
      "welcome ping_remove",
      "welcome guide",
      ...["profile", "resign", "list", "add", "remove", "break", "payments", "summary", "dm", "ticket"].map(
        (sub) => `grinder ${sub}`,
      ),
      "votetracker user",
      "votetracker leaderboard",
      "votetracker admin setup",
      "votetracker admin deleteuser",
      ...["setup", "test", "stats", "logs", "refresh", "disable", "remove"].map((sub) => `statica ${sub}`),
      ...["list", "stats", "check", "top", "recent", "create", "edit", "delete", "cleanup"].map(
        (sub) => `boards ${sub}`,
      ),
      "perks",
      "afk",
      ...["create", "edit", "list", "delete", "deleteuser"].map((sub) => `perks-admin ${sub}`),
      ...["whitelist", "create", "quick", "migrate", "bind", "list", "delete"].map(
        (sub) => `selfroles ${sub}`,
      ),
      ...["create", "edit", "test", "delete"].map((sub) => `components ${sub}`),
    ];
    for (const name of expected) expect(names).toContain(name);
  });

  it("finds the commands under a prefix by whole words", () => {
    expect(commandsUnder("perks").map((entry) => entry.name)).toEqual(["perks"]);
    expect(commandsUnder("votetracker admin")).toHaveLength(2);
    expect(findCommand("nope")).toBeUndefined();
  });
});
