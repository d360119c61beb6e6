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

describe("validateGiveaway: claims and control", () => {
  const base = {
    ...emptyGiveawayForm,
    channelId,
    prize: "Key",
    durationAmount: "2",
    durationUnit: "days" as const,
  };

  it("sends the claim window, the entry cap and the reminder in seconds", () => {
    const { body, errors } = validateGiveaway({
      ...base,
      claimAmount: "24",
      claimUnit: "hours",
      maxEntries: "100",
      reminderAmount: "1",
      reminderUnit: "hours",
    });
    expect(errors).toEqual({});
    expect(body).toMatchObject({ claimWindow: 86_400, maxEntries: 100, reminderBefore: 3600 });
  });

  it("leaves them out when empty", () => {
    const { body } = validateGiveaway(base);
    expect(body).not.toHaveProperty("claimWindow");
    expect(body).not.toHaveProperty("maxEntries");
    expect(body).not.toHaveProperty("reminderBefore");
  });

  it("names a claim window out of bounds, a bad cap and a reminder longer than the run", () => {
    const { body, errors } = validateGiveaway({
      ...base,
      claimAmount: "5",
      claimUnit: "minutes",
      maxEntries: "0",
      reminderAmount: "3",
      reminderUnit: "days",
    });
    expect(body).toBeNull();
    expect(errors.claimWindow).toMatch(/10 minutes and 7 days/);
    expect(errors.maxEntries).toMatch(/1 to 1,000,000/);
  });

  it("names a reminder not shorter than the duration", () => {
    const { errors } = validateGiveaway({ ...base, reminderAmount: "2", reminderUnit: "days" });
    expect(errors.reminderBefore).toMatch(/shorter than the duration/);
  });
});
