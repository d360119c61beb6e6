import { describe, expect, it } from "vitest";
import { emptyGiveawayForm, validateGiveaway } from "./create-form";

const channelId = "108528823925376013";

describe("validateGiveaway", () => {
  it("builds the create body with the duration in seconds", () => {
    const { body, errors } = validateGiveaway({
      ...emptyGiveawayForm,
      channelId,
      prize: " 10M coins ",
      durationAmount: "6",
      durationUnit: "hours",
      winnerCount: "3",
    });
    expect(errors).toEqual({});
    expect(body).toMatchObject({ channelId, prize: "10M coins", winnerCount: 3, duration: 21_600 });
  });

  it("names the missing channel and prize", () => {
    const { body, errors } = validateGiveaway(emptyGiveawayForm);
    expect(body).toBeNull();
    expect(errors.channelId).toBe("Choose a channel");
    expect(errors.prize).toBe("Enter a prize");
  });

  it("refuses too many winners and a too short duration", () => {
    const { errors } = validateGiveaway({
      ...emptyGiveawayForm,
      channelId,
      prize: "x",
      winnerCount: "51",
      durationAmount: "0",
      durationUnit: "minutes",
    });
    expect(errors.winnerCount).toMatch(/1 to 50/);
    expect(errors.duration).toMatch(/1 minute and 90 days/);
  });
});
