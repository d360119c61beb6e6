import type { MessageComponentItem } from "@hearth/core";
import { describe, expect, it } from "vitest";
import { bodyOf, definitionOf, draftOf, emptyDraft } from "./draft";

const stored = (patch: Partial<MessageComponentItem>): MessageComponentItem => ({
  componentId: "abc123",
  name: "pings",
  type: "select",
  definition: {
    message: "Pick one",
    label: "pings",
    emoji: null,
    style: "primary",
    placeholder: "Choose",
    title: null,
    options: [
      {
        label: "Events",
        value: "events",
        description: null,
        emoji: "📣",
        actions: [{ kind: "give_role", roleId: "123456789012345678" }],
      },
    ],
    fields: [],
    actions: [],
  },
  postedCount: 1,
  incomplete: null,
  createdBy: null,
  createdAt: 1,
  updatedAt: 2,
  ...patch,
});

describe("the Components page's draft", () => {
  it("sends back a stored select menu as it was (its options with their actions, no page-only keys)", () => {
    const draft = draftOf(stored({}));
    expect(draft.componentId).toBe("abc123");
    expect(definitionOf(draft)).toEqual({
      message: "Pick one",
      placeholder: "Choose",
      options: [
        {
          label: "Events",
          description: null,
          emoji: "📣",
          actions: [{ kind: "give_role", roleId: "123456789012345678" }],
        },
      ],
    });
  });

  it("sends back a form's questions with their ids (kept on an edit) and lengths", () => {
    const form = stored({
      type: "form",
      definition: {
        ...stored({}).definition,
        label: "Apply",
        title: "Staff",
        options: [],
        fields: [
          {
            id: "f2",
            label: "Age",
            style: "short",
            required: true,
            minLength: null,
            maxLength: 3,
            placeholder: null,
          },
        ],
        actions: [{ kind: "post_answers", channelId: "123456789012345678" }],
      },
    });
    const draft = draftOf(form);
    draft.fields.push({
      key: "new",
      label: "Why",
      style: "paragraph",
      required: false,
      minLength: "30",
      maxLength: "",
      placeholder: "",
    });
    expect(definitionOf(draft)).toMatchObject({
      label: "Apply",
      title: "Staff",
      fields: [
        { id: "f2", label: "Age", minLength: null, maxLength: 3, placeholder: null },
        { label: "Why", minLength: 30, maxLength: null },
      ],
      actions: [{ kind: "post_answers", channelId: "123456789012345678" }],
    });
    expect((definitionOf(draft).fields ?? [])[1]).not.toHaveProperty("id");
  });

  it("sends a button's look and actions, empty texts as null", () => {
    const draft = {
      ...emptyDraft("button"),
      name: "  verify ",
      label: "Verify",
      actions: [{ key: "k", kind: "send_message" as const, text: "Hi", target: "private" }],
    };
    expect(bodyOf(draft)).toEqual({
      componentId: null,
      type: "button",
      name: "verify",
      definition: {
        message: null,
        label: "Verify",
        emoji: null,
        style: "primary",
        actions: [{ kind: "send_message", text: "Hi", target: "private" }],
      },
    });
  });
});
