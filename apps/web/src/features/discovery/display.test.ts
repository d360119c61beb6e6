import { describe, expect, it } from "vitest";
import { DESCRIPTION_PREVIEW, groupServers, truncate, visibleTags } from "./display";

describe("truncate", () => {
  it("keeps text of 120 characters or fewer whole", () => {
    const text = "a".repeat(DESCRIPTION_PREVIEW);
    expect(truncate(text)).toEqual({ text, truncated: false });
    expect(truncate("short")).toEqual({ text: "short", truncated: false });
  });

  it("cuts longer text at 120 characters and adds an ellipsis", () => {
    const text = `${"b".repeat(120)}tail`;
    expect(truncate(text)).toEqual({ text: `${"b".repeat(120)}...`, truncated: true });
  });

  it("doesn't leave a space before the ellipsis", () => {
    const text = `${"c".repeat(119)} and more words`;
    expect(truncate(text).text).toBe(`${"c".repeat(119)}...`);
  });

  it("counts characters, not UTF-16 units, so emoji aren't split", () => {
    const text = "🔥".repeat(121);
    expect(truncate(text).text).toBe(`${"🔥".repeat(120)}...`);
  });
});

describe("visibleTags", () => {
  it("shows three tags and counts the rest", () => {
    expect(visibleTags(["a", "b", "c", "d", "e"])).toEqual({ tags: ["a", "b", "c"], more: 2 });
    expect(visibleTags(["a", "b"])).toEqual({ tags: ["a", "b"], more: 0 });
    expect(visibleTags([])).toEqual({ tags: [], more: 0 });
  });
});

describe("groupServers", () => {
  const server = (name: string, advertised: boolean, premium: boolean) => ({ name, advertised, premium });

  it("puts at most three advertised servers in Featured, premium ones in Premium, the rest in Community", () => {
    const servers = [
      server("ad1", true, false),
      server("ad2", true, true),
      server("ad3", true, false),
      server("ad4-premium", true, true),
      server("ad5", true, false),
      server("pro1", false, true),
      server("plain1", false, false),
    ];
    const groups = groupServers(servers);
    expect(groups.featured.map((s) => s.name)).toEqual(["ad1", "ad2", "ad3"]);
    expect(groups.premium.map((s) => s.name)).toEqual(["ad4-premium", "pro1"]);
    expect(groups.community.map((s) => s.name)).toEqual(["ad5", "plain1"]);
  });

  it("drops no server", () => {
    const servers = Array.from({ length: 20 }, (_, i) => server(`s${i}`, i % 3 === 0, i % 2 === 0));
    const groups = groupServers(servers);
    expect(groups.featured.length + groups.premium.length + groups.community.length).toBe(20);
  });
});
