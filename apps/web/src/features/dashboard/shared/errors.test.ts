import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { humanMessage, serverMessage } from "./errors";

const refusal = (status: number, message: string | null) => new ApiError(status, "x", "/api/x", message);

/** Issue 24 §6: errors speak to people, never in the API's internal field names. */
describe("serverMessage", () => {
  it("drops the internal field name of a refusal", () => {
    expect(serverMessage(refusal(409, "userId: Alice is on a break; end the break first"))).toBe(
      "Alice is on a break; end the break first",
    );
    expect(serverMessage(refusal(400, "tierName: must be at most 50 characters"))).toBe(
      "Tier name must be at most 50 characters",
    );
    expect(serverMessage(refusal(400, "data.user: is required"))).toBe("Is required");
    expect(serverMessage(refusal(409, "There is already a tier named Gold"))).toBe(
      "There is already a tier named Gold",
    );
  });

  it("shows a 503's own 'try again', and says so when the server sent nothing", () => {
    expect(
      serverMessage(refusal(503, "The database is unavailable right now; try again in a few seconds")),
    ).toBe("The database is unavailable right now; try again in a few seconds");
    expect(serverMessage(refusal(502, null))).toBe(
      "Hearth couldn't answer just now. Please try again in a few seconds.",
    );
    expect(serverMessage(new TypeError("Failed to fetch"))).toBe(
      "Hearth couldn't be reached. Check your connection and try again.",
    );
  });

  it("labels a field only when the text continues it", () => {
    expect(humanMessage("userId", "is not a member of this server")).toBe(
      "Member is not a member of this server",
    );
    expect(humanMessage("userId", "Bob left the server")).toBe("Bob left the server");
    expect(humanMessage(null, "something went wrong")).toBe("Something went wrong");
  });
});
