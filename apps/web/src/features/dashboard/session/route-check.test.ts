import { describe, expect, it } from "vitest";
import { decideRoute } from "./route-check";

const own = "1085268610252800001";

describe("decideRoute", () => {
  it("shows the token's own server", () => {
    expect(decideRoute(own, own)).toEqual({ kind: "show" });
  });

  it("sends /dashboard to the token's server", () => {
    expect(decideRoute(own, undefined)).toEqual({ kind: "redirect", to: `/dashboard/${own}` });
  });

  it("sends another server's dashboard to the token's own, keeping the tab", () => {
    expect(decideRoute(own, "222222222222222222", "?tab=timers")).toEqual({
      kind: "redirect",
      to: `/dashboard/${own}?tab=timers`,
    });
  });
});
