import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server } from "../../../test/fixtures/message-designer.ts";
import { createTestContext, demoGuildId, dialects, type TestContext } from "../../../test/helpers.ts";
import { createDraft, deleteDraft, draftLifetimeMs, findDraft, updateDraft } from "./store.ts";
import { composeVoteOffline } from "./vote-composer.ts";

describe.each(dialects)("drafts (%s)", (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ dialect });
  });
  afterAll(() => t.cleanup());

  it("stores a draft for an hour; updates restart the hour; delete answers whether it was there", async () => {
    const now = 1_700_000_000_000;
    const draft = await createDraft(
      t.ctx.storage.db,
      {
        serverId: demoGuildId,
        userId: "1",
        purpose: "vote",
        instructions: "hype",
        design: composeVoteOffline("hype", server),
        source: "offline",
        fellBack: false,
        attempt: 0,
        extra: { channelId: "2" },
      },
      now,
    );
    expect(draft.id).toMatch(/^[\w-]{16}$/);
    expect(await findDraft(t.ctx.storage.db, draft.id, "vote", now + 1)).toEqual(draft);
    expect(await findDraft(t.ctx.storage.db, draft.id, "welcome", now + 1)).toBeNull();
    expect(await findDraft(t.ctx.storage.db, draft.id, "vote", now + draftLifetimeMs)).toBeNull();
    const expiresAt = await updateDraft(
      t.ctx.storage.db,
      draft.id,
      { design: draft.design, source: "edited", fellBack: false, attempt: 1, instructions: "hype" },
      now + draftLifetimeMs - 1,
    );
    expect(await findDraft(t.ctx.storage.db, draft.id, "vote", now + draftLifetimeMs)).toMatchObject({
      source: "edited",
      attempt: 1,
      expiresAt,
    });
    expect(await deleteDraft(t.ctx.storage.db, draft.id)).toBe(true);
    expect(await deleteDraft(t.ctx.storage.db, draft.id)).toBe(false);
  });
});
