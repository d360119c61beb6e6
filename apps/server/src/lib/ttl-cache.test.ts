import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache.ts";

describe("TtlCache", () => {
  it("answers a value until its time runs out", () => {
    let now = 0;
    const cache = new TtlCache<string, number>(100, 10, () => now);
    cache.set("a", 1);
    now = 99;
    expect(cache.get("a")).toBe(1);
    now = 100;
    expect(cache.get("a")).toBeUndefined();
  });

  it("never extends an entry's life on a hit, and counts from the read time it is given", () => {
    let now = 0;
    const cache = new TtlCache<string, number>(100, 10, () => now);
    cache.set("a", 1);
    for (now = 10; now < 100; now += 10) expect(cache.get("a")).toBe(1);
    now = 100;
    expect(cache.get("a")).toBeUndefined();
    cache.set("b", 2, 40);
    now = 139;
    expect(cache.get("b")).toBe(2);
    now = 140;
    expect(cache.get("b")).toBeUndefined();
  });

  it("drops the least recently set entry beyond its capacity", () => {
    const cache = new TtlCache<string, number>(1000, 2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
  });

  it("loads once and then serves from memory", async () => {
    const cache = new TtlCache<string, number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad("k", load)).toBe(1);
    expect(await cache.getOrLoad("k", load)).toBe(1);
    expect(loads).toBe(1);
  });

  it("a zero ttl caches nothing", () => {
    const cache = new TtlCache<string, number>(0);
    cache.set("a", 1);
    expect(cache.get("a")).toBeUndefined();
  });

  it("deletes by predicate", () => {
    const cache = new TtlCache<string, { server: string }>(1000);
    cache.set("a", { server: "1" });
    cache.set("b", { server: "2" });
    cache.deleteWhere((value) => value.server === "1");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toEqual({ server: "2" });
  });
});
