import { antiPoolDisableRefusal } from "@hearth/core";
import { describe, expect, it } from "vitest";
import {
  antiPoolToggle,
  parseTriggerLimit,
  poolManagerChange,
  splitTags,
  TRIGGER_LIMIT_ERROR,
  validateDiscovery,
} from "./rules";

describe("member trigger limit", () => {
  it.each([
    ["3", 3, null],
    ["1", 1, null],
    ["100", 100, null],
    ["abc", 1, null],
    ["", 1, null],
    ["0", 0, TRIGGER_LIMIT_ERROR],
    ["101", 101, TRIGGER_LIMIT_ERROR],
  ])("reads %j as %d", (raw, value, error) => {
    expect(parseTriggerLimit(raw)).toEqual({ value, error });
  });
});

describe("anti-pool", () => {
  const id = "560803241181315223";

  it("saves a new pool manager id, which turns protection on server-side", () => {
    expect(poolManagerChange(` ${id} `, null)).toEqual({
      body: { antiPoolShow: { poolManagerId: id } },
      error: null,
    });
  });

  it("saves a cleared id as empty, which turns protection off", () => {
    expect(poolManagerChange("", id)).toEqual({ body: { antiPoolShow: { poolManagerId: "" } }, error: null });
  });

  it("sends nothing when the id did not change, and refuses a non-id", () => {
    expect(poolManagerChange(id, id)).toEqual({ body: null, error: null });
    expect(poolManagerChange("bob", null).error).toMatch(/Discord user ID/);
  });

  it("refuses to switch off while an id is set, with the spec's message", () => {
    expect(antiPoolToggle(false, id)).toEqual({ body: null, error: antiPoolDisableRefusal });
    expect(antiPoolDisableRefusal).toBe(
      "Cannot disable Anti-Pool Protection while Pool Manager ID is set. Please clear the Pool Manager ID first.",
    );
    expect(antiPoolToggle(false, null)).toEqual({ body: { antiPoolShow: { toggle: false } }, error: null });
    expect(antiPoolToggle(true, id)).toEqual({ body: { antiPoolShow: { toggle: true } }, error: null });
  });
});

describe("discovery form", () => {
  it("splits tags on commas, trimmed, empties dropped", () => {
    expect(splitTags(" gaming, anime ,, art ,")).toEqual(["gaming", "anime", "art"]);
    expect(splitTags("")).toEqual([]);
  });

  it("requires invite and description", () => {
    expect(validateDiscovery({ invite: " ", description: "", tags: "" }).errors).toEqual({
      invite: "Invite is required",
      description: "Description is required",
    });
  });

  it("checks the invite link and description length with the API's schema", () => {
    const { body, errors } = validateDiscovery({
      invite: "https://example.com",
      description: "too short",
      tags: "",
    });
    expect(body).toBeNull();
    expect(errors.invite).toMatch(/invite link/);
    expect(errors.description).toMatch(/at least 20/);
  });

  it("answers the body for a good entry", () => {
    const form = {
      invite: "https://discord.gg/emberhollow",
      description: "A cosy grinding and events community.",
      tags: "gaming, events",
    };
    expect(validateDiscovery(form)).toEqual({
      body: {
        invite: "https://discord.gg/emberhollow",
        description: form.description,
        tags: ["gaming", "events"],
      },
      errors: {},
    });
  });
});
