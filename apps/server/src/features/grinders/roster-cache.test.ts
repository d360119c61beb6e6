import { beforeEach, describe, expect, it } from "vitest";
import { forgetRosters, rosterBody, rosterChanged } from "./roster-cache.ts";

describe("roster cache", () => {
  let builds = 0;
  const build = (body: string) => async () => {
    builds++;
    return body;
  };
  beforeEach(() => {
    builds = 0;
    forgetRosters();
  });

  it("serves a built list again, per server and variant", async () => {
    expect(await rosterBody("s1", "all", build("a"))).toBe("a");
    expect(await rosterBody("s1", "all", build("b"))).toBe("a");
    expect(await rosterBody("s1", "paid", build("c"))).toBe("c");
    expect(await rosterBody("s2", "all", build("d"))).toBe("d");
    expect(builds).toBe(3);
  });

  it("rebuilds after a change to that server only", async () => {
    await rosterBody("s1", "all", build("a"));
    await rosterBody("s2", "all", build("x"));
    rosterChanged("s1");
    expect(await rosterBody("s1", "all", build("b"))).toBe("b");
    expect(await rosterBody("s2", "all", build("y"))).toBe("x");
  });

  it("shares one build between concurrent requests", async () => {
    const bodies = await Promise.all(Array.from({ length: 10 }, () => rosterBody("s3", "all", build("a"))));
    expect(bodies).toEqual(Array(10).fill("a"));
    expect(builds).toBe(1);
  });

  it("does not keep a list built while a write happened", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = rosterBody("s4", "all", async () => {
      await gate;
      return "before the write";
    });
    rosterChanged("s4");
    release();
    expect(await slow).toBe("before the write");
    expect(await rosterBody("s4", "all", build("after the write"))).toBe("after the write");
  });
});
