import { describe, expect, it } from "vitest";
import { messageBody } from "../discordjs/mapping-messages.ts";
import {
  checkInteractionCallback,
  checkMessageEdit,
  checkNewMessage,
  describeFormErrors,
  invalidFormBody,
} from "./form-body.ts";
import { checkChannelBody, checkCommands, checkMemberBody, checkRoleBody } from "./guild.ts";

// One valid and one or more invalid fixtures per rule: each invalid one names its path and code
// the way Discord's 400 Invalid Form Body does.

const text = (length: number, char = "a") => char.repeat(length);
const button = (id: string, extra: object = {}) => ({
  type: 2,
  style: 1,
  label: "Go",
  custom_id: id,
  ...extra,
});
const row = (...components: object[]) => ({ type: 1, components });
const option = (value: string, extra: object = {}) => ({ label: value, value, ...extra });
const select = (extra: object = {}) => ({
  type: 3,
  custom_id: "menu",
  options: [option("a"), option("b")],
  ...extra,
});

const codes = (errors: { codes(): string[] }) => errors.codes();

describe("message attachments", () => {
  it("takes an attachment id as a snowflake string and refuses a number (issue 24 §4)", () => {
    expect(codes(checkNewMessage({ attachments: [{ id: "0", filename: "prices.csv" }] }))).toEqual([]);
    expect(codes(checkNewMessage({ attachments: [{ id: 0, filename: "prices.csv" }] }))).toEqual([
      "attachments.0.id:SNOWFLAKE_TYPE_CONVERT",
    ]);
    expect(codes(checkNewMessage({ content: "x", attachments: ["x"] }))).toEqual([
      "attachments.0:DICT_TYPE_CONVERT",
    ]);
    const eleven = Array.from({ length: 11 }, (_, index) => ({ id: String(index) }));
    expect(codes(checkNewMessage({ attachments: eleven }))).toEqual(["attachments:BASE_TYPE_MAX_LENGTH"]);
  });

  it("the discord.js adapter writes a file's attachment id as a string", () => {
    const body = messageBody({ content: "Export", files: [{ name: "prices.csv", data: "a,b" }] });
    expect(body.attachments).toEqual([{ id: "0", filename: "prices.csv" }]);
    expect(codes(checkNewMessage(body))).toEqual([]);
  });
});

describe("messages", () => {
  it("accepts content at 2,000 characters and refuses 2,001", () => {
    expect(codes(checkNewMessage({ content: text(2000) }))).toEqual([]);
    expect(codes(checkNewMessage({ content: text(2001) }))).toEqual(["content:BASE_TYPE_MAX_LENGTH"]);
  });

  it("counts characters as code points, as Discord does", () => {
    expect(codes(checkNewMessage({ content: text(2000, "🎉") }))).toEqual([]);
    expect(codes(checkNewMessage({ content: text(2001, "🎉") }))).toEqual(["content:BASE_TYPE_MAX_LENGTH"]);
  });

  it("an empty new message is Discord's 50006, an edit may drop the content", () => {
    expect(checkNewMessage({ content: "" }).emptyMessage).toBe(true);
    expect(checkNewMessage({ content: "  ", embeds: [], components: [] }).emptyMessage).toBe(true);
    expect(checkNewMessage({ embeds: [{ title: "hi" }] }).emptyMessage).toBe(false);
    expect(checkMessageEdit({ content: "" }).empty).toBe(true);
  });

  it("allows 10 embeds, not 11", () => {
    const embeds = Array.from({ length: 10 }, () => ({ title: "t" }));
    expect(codes(checkNewMessage({ embeds }))).toEqual([]);
    expect(codes(checkNewMessage({ embeds: [...embeds, { title: "t" }] }))).toEqual([
      "embeds:BASE_TYPE_MAX_LENGTH",
    ]);
  });

  it("checks every embed limit", () => {
    const valid = {
      title: text(256),
      description: text(4096),
      footer: { text: text(100) },
      author: { name: text(256) },
      fields: Array.from({ length: 10 }, () => ({ name: text(10), value: text(100) })),
    };
    expect(codes(checkNewMessage({ embeds: [valid] }))).toEqual([]);
    const invalid = {
      title: text(257),
      description: text(4097),
      footer: { text: text(2049) },
      author: { name: text(257) },
      color: 0x1000000,
      timestamp: "yesterday",
      fields: [
        { name: text(257), value: "v" },
        { name: "n", value: text(1025) },
        { name: "", value: "v" },
        { name: "n" },
      ],
    };
    expect(codes(checkNewMessage({ embeds: [invalid] }))).toEqual([
      "embeds.0.title:BASE_TYPE_MAX_LENGTH",
      "embeds.0.description:BASE_TYPE_MAX_LENGTH",
      "embeds.0.color:NUMBER_TYPE_MAX",
      "embeds.0.timestamp:DATE_TYPE_PARSE",
      "embeds.0.footer.text:BASE_TYPE_MAX_LENGTH",
      "embeds.0.author.name:BASE_TYPE_MAX_LENGTH",
      "embeds.0.fields.0.name:BASE_TYPE_BAD_LENGTH",
      "embeds.0.fields.1.value:BASE_TYPE_BAD_LENGTH",
      "embeds.0.fields.2.name:BASE_TYPE_REQUIRED",
      "embeds.0.fields.3.value:BASE_TYPE_REQUIRED",
      "embeds:MAX_EMBED_SIZE_EXCEEDED",
    ]);
  });

  it("allows 25 fields, not 26", () => {
    const fields = (count: number) => Array.from({ length: count }, () => ({ name: "n", value: "v" }));
    expect(codes(checkNewMessage({ embeds: [{ fields: fields(25) }] }))).toEqual([]);
    expect(codes(checkNewMessage({ embeds: [{ fields: fields(26) }] }))).toEqual([
      "embeds.0.fields:BASE_TYPE_MAX_LENGTH",
    ]);
  });

  it("refuses more than 6,000 characters across all the embeds of a message", () => {
    const embed = { description: text(3000) };
    expect(codes(checkNewMessage({ embeds: [embed, embed] }))).toEqual([]);
    expect(codes(checkNewMessage({ embeds: [embed, embed, { title: "x" }] }))).toEqual([
      "embeds:MAX_EMBED_SIZE_EXCEEDED",
    ]);
    // Footer, author and field texts count too.
    const parts = {
      footer: { text: text(2000) },
      author: { name: "ab" },
      fields: [{ name: "n", value: "v" }],
    };
    expect(codes(checkNewMessage({ embeds: [parts, { description: text(3996) }] }))).toEqual([]);
    expect(codes(checkNewMessage({ embeds: [parts, { description: text(3997) }] }))).toEqual([
      "embeds:MAX_EMBED_SIZE_EXCEEDED",
    ]);
  });

  it("checks every embed URL: length 2,048, well formed, http(s) (images also attachment://)", () => {
    const url = `https://example.com/${text(2028)}`;
    expect(url.length).toBe(2048);
    const ok = {
      url,
      image: { url },
      thumbnail: { url: "attachment://a.png" },
      footer: { text: "f", icon_url: url },
    };
    expect(codes(checkNewMessage({ embeds: [ok] }))).toEqual([]);
    const bad = {
      url: "javascript:alert(1)",
      image: { url: `${url}x` },
      thumbnail: { url: "not a url" },
      author: { name: "a", url: "attachment://a.png", icon_url: "ftp://x/a.png" },
    };
    expect(codes(checkNewMessage({ embeds: [bad] }))).toEqual([
      "embeds.0.url:URL_TYPE_INVALID_SCHEME",
      "embeds.0.image.url:BASE_TYPE_MAX_LENGTH",
      "embeds.0.thumbnail.url:URL_TYPE_INVALID_URL",
      "embeds.0.author.url:URL_TYPE_INVALID_SCHEME",
      "embeds.0.author.icon_url:URL_TYPE_INVALID_SCHEME",
    ]);
    expect(codes(checkNewMessage({ embeds: [{ image: {} }] }))).toEqual([
      "embeds.0.image.url:BASE_TYPE_REQUIRED",
    ]);
  });

  it("checks allowed_mentions' shape", () => {
    const ok = {
      content: "hi",
      allowed_mentions: { parse: ["everyone"], users: ["123456789012345678"], roles: [] },
    };
    expect(codes(checkNewMessage(ok))).toEqual([]);
    const bad = {
      content: "hi",
      allowed_mentions: { parse: ["users", "channels"], users: ["123456789012345678", "bob"] },
    };
    expect(codes(checkNewMessage(bad))).toEqual([
      "allowed_mentions.parse.1:BASE_TYPE_CHOICES",
      "allowed_mentions.users.1:NUMBER_TYPE_COERCE",
      "allowed_mentions:MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
    ]);
    const many = Array.from({ length: 101 }, (_, i) => String(100000000000000000n + BigInt(i)));
    expect(codes(checkNewMessage({ content: "x", allowed_mentions: { users: many } }))).toEqual([
      "allowed_mentions.users:BASE_TYPE_MAX_LENGTH",
    ]);
  });

  it("allows the ephemeral flag only where Discord does", () => {
    expect(codes(checkNewMessage({ content: "x", flags: 64 }))).toEqual(["flags:MESSAGE_FLAGS_INVALID"]);
    expect(codes(checkNewMessage({ content: "x", flags: 64 }, { ephemeralAllowed: true }))).toEqual([]);
    expect(codes(checkNewMessage({ content: "x", flags: 4096 }))).toEqual([]);
  });

  it("renders the errors as Discord's tree", () => {
    const errors = checkNewMessage({ content: text(2001), embeds: [{ title: text(257) }] });
    expect(invalidFormBody(errors)).toEqual({
      code: 50035,
      message: "Invalid Form Body",
      errors: {
        content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] },
        embeds: {
          0: {
            title: {
              _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 256 or fewer in length." }],
            },
          },
        },
      },
    });
    expect(describeFormErrors(errors)).toBe(
      "content: Must be 2000 or fewer in length.; embeds.0.title: Must be 256 or fewer in length.",
    );
    expect(invalidFormBody(checkNewMessage({ content: "fine" }))).toBeNull();
  });
});

describe("message components", () => {
  const message = (...components: object[]) => checkNewMessage({ content: "x", components });

  it("accepts five rows of five buttons and a row with one select", () => {
    const rows = Array.from({ length: 4 }, (_, r) =>
      row(...Array.from({ length: 5 }, (_, b) => button(`b${r}-${b}`))),
    );
    expect(codes(message(...rows, row(select())))).toEqual([]);
  });

  it("refuses a sixth row, a sixth button, an empty row and a non-row at the top", () => {
    const rows = Array.from({ length: 6 }, (_, r) => row(button(`r${r}`)));
    expect(codes(message(...rows))).toEqual(["components:BASE_TYPE_MAX_LENGTH"]);
    const six = Array.from({ length: 6 }, (_, b) => button(`b${b}`));
    expect(codes(message(row(...six)))).toEqual(["components.0.components:BASE_TYPE_BAD_LENGTH"]);
    expect(codes(message(row()))).toEqual(["components.0.components:BASE_TYPE_BAD_LENGTH"]);
    expect(codes(message(button("lonely")))).toEqual(["components.0.type:UNION_TYPE_CHOICES"]);
  });

  it("a select fills its row alone; text inputs are for forms only", () => {
    expect(codes(message(row(select(), button("b"))))).toEqual([
      "components.0.components:COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    ]);
    expect(codes(message(row(select({ custom_id: "a" }), select({ custom_id: "b" }))))).toEqual([
      "components.0.components:COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    ]);
    const input = { type: 4, custom_id: "t", label: "L", style: 1 };
    expect(codes(message(row(input)))).toEqual(["components.0.components.0.type:COMPONENT_TYPE_INVALID"]);
  });

  it("checks button labels, custom ids (1-100, unique in the message), styles and emojis", () => {
    expect(codes(message(row(button(text(100), { label: text(80), emoji: { name: "🎉" } }))))).toEqual([]);
    expect(
      codes(
        message(
          row(button(text(101), { label: text(81) }), button("")),
          row(button("same"), button("same")),
          row(button("s", { style: 9 }), button("e", { emoji: { name: "smile" } }), {
            type: 2,
            style: 1,
            custom_id: "n",
          }),
        ),
      ),
    ).toEqual([
      "components.0.components.0.label:BASE_TYPE_MAX_LENGTH",
      "components.0.components.0.custom_id:BASE_TYPE_BAD_LENGTH",
      "components.0.components.1.custom_id:BASE_TYPE_REQUIRED",
      "components.1.components.1.custom_id:COMPONENT_CUSTOM_ID_DUPLICATED",
      "components.2.components.0.style:NUMBER_TYPE_MAX",
      "components.2.components.1.emoji.name:COMPONENT_INVALID_EMOJI",
      "components.2.components.2:BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
    ]);
  });

  it("link buttons need a url and no custom id; the others a custom id and no url", () => {
    const link = { type: 2, style: 5, label: "Site", url: "https://example.com" };
    expect(codes(message(row(link)))).toEqual([]);
    expect(
      codes(
        message(
          row(
            { ...link, url: undefined },
            { ...link, custom_id: "x" },
            { ...link, url: "javascript:alert(1)" },
            button("y", { url: "https://example.com" }),
            { type: 2, style: 1, label: "no id" },
          ),
        ),
      ),
    ).toEqual([
      "components.0.components.0.url:BASE_TYPE_REQUIRED",
      "components.0.components.1.custom_id:BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
      "components.0.components.2.url:URL_TYPE_INVALID_SCHEME",
      "components.0.components.3.url:BUTTON_COMPONENT_URL_NOT_ALLOWED",
      "components.0.components.4.custom_id:BASE_TYPE_REQUIRED",
    ]);
  });

  it("checks select options (1-25, label/value/description lengths, unique values), placeholder and min/max", () => {
    const options = Array.from({ length: 25 }, (_, i) => option(`v${i}`, { description: text(100) }));
    expect(
      codes(message(row(select({ options, placeholder: text(150), min_values: 0, max_values: 25 })))),
    ).toEqual([]);
    expect(codes(message(row(select({ options: [...options, option("x")] }))))).toEqual([
      "components.0.components.0.options:BASE_TYPE_BAD_LENGTH",
    ]);
    expect(codes(message(row(select({ options: [] }))))).toEqual([
      "components.0.components.0.options:BASE_TYPE_BAD_LENGTH",
    ]);
    expect(
      codes(
        message(
          row(
            select({
              placeholder: text(151),
              min_values: 2,
              max_values: 1,
              options: [
                { label: text(101), value: "a" },
                { label: "b", value: text(101) },
                { label: "c", value: "a", description: text(101) },
                { label: "", value: "d" },
              ],
            }),
          ),
        ),
      ),
    ).toEqual([
      "components.0.components.0.placeholder:BASE_TYPE_MAX_LENGTH",
      "components.0.components.0.min_values:SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX",
      "components.0.components.0.options.0.label:BASE_TYPE_BAD_LENGTH",
      "components.0.components.0.options.1.value:BASE_TYPE_BAD_LENGTH",
      "components.0.components.0.options.2.description:BASE_TYPE_MAX_LENGTH",
      "components.0.components.0.options.2.value:SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
      "components.0.components.0.options.3.label:BASE_TYPE_REQUIRED",
    ]);
    expect(codes(message(row(select({ max_values: 3 }))))).toEqual([
      "components.0.components.0.max_values:NUMBER_TYPE_MAX",
    ]);
    expect(codes(message(row(select({ max_values: 26 }))))).toContain(
      "components.0.components.0.max_values:NUMBER_TYPE_MAX",
    );
  });
});

describe("interaction callbacks", () => {
  const command = { type: 2, fromMessage: false };
  const component = { type: 3, fromMessage: true };
  const input = (extra: object = {}) => ({ type: 4, custom_id: "name", label: "Name", style: 1, ...extra });
  const modal = (extra: object = {}) => ({
    type: 9,
    data: { custom_id: "form", title: "Form", components: [row(input())], ...extra },
  });

  it("accepts each answer where Discord does, and refuses the others", () => {
    expect(codes(checkInteractionCallback({ type: 4, data: { content: "hi", flags: 64 } }, command))).toEqual(
      [],
    );
    expect(codes(checkInteractionCallback({ type: 5, data: { flags: 64 } }, command))).toEqual([]);
    expect(codes(checkInteractionCallback({ type: 6 }, component))).toEqual([]);
    expect(codes(checkInteractionCallback({ type: 7, data: { components: [] } }, component))).toEqual([]);
    expect(codes(checkInteractionCallback({ type: 7, data: { content: "x" } }, command))).toEqual([
      "type:INTERACTION_RESPONSE_TYPE_INVALID",
    ]);
    expect(codes(checkInteractionCallback({ type: 6 }, { type: 5, fromMessage: false }))).toEqual([
      "type:INTERACTION_RESPONSE_TYPE_INVALID",
    ]);
    expect(codes(checkInteractionCallback(modal(), { type: 5, fromMessage: true }))).toEqual([
      "type:INTERACTION_RESPONSE_TYPE_INVALID",
    ]);
    expect(codes(checkInteractionCallback({ type: 3 }, command))).toEqual(["type:BASE_TYPE_CHOICES"]);
    expect(checkInteractionCallback({ type: 4, data: { flags: 64 } }, command).emptyMessage).toBe(true);
    expect(codes(checkInteractionCallback({ type: 4, data: { content: text(2001) } }, command))).toEqual([
      "data.content:BASE_TYPE_MAX_LENGTH",
    ]);
  });

  it("checks a form: title 1-45, custom id, 1-5 rows of one text input each", () => {
    expect(codes(checkInteractionCallback(modal({ title: text(45) }), command))).toEqual([]);
    const rows = Array.from({ length: 6 }, (_, i) => row(input({ custom_id: `f${i}` })));
    expect(
      codes(checkInteractionCallback(modal({ title: text(46), custom_id: "", components: rows }), command)),
    ).toEqual([
      "data.custom_id:BASE_TYPE_REQUIRED",
      "data.title:BASE_TYPE_BAD_LENGTH",
      "data.components:BASE_TYPE_BAD_LENGTH",
    ]);
    expect(codes(checkInteractionCallback(modal({ components: [] }), command))).toEqual([
      "data.components:BASE_TYPE_BAD_LENGTH",
    ]);
    expect(
      codes(
        checkInteractionCallback(modal({ components: [row(input(), input({ custom_id: "b" }))] }), command),
      ),
    ).toEqual(["data.components.0.components:BASE_TYPE_BAD_LENGTH"]);
    expect(codes(checkInteractionCallback(modal({ components: [row(button("b"))] }), command))).toEqual([
      "data.components.0.components.0.type:UNION_TYPE_CHOICES",
    ]);
  });

  it("checks each text input: label 45, style, lengths 4000, value, placeholder 100, unique ids", () => {
    const max = input({
      label: text(45),
      min_length: 0,
      max_length: 4000,
      value: text(4000),
      placeholder: text(100),
    });
    expect(codes(checkInteractionCallback(modal({ components: [row(max)] }), command))).toEqual([]);
    const perksLabel = "Members besides you (up to 5): mentions or ids";
    expect(perksLabel.length).toBe(46);
    const bad = [
      row(input({ label: perksLabel })),
      row(input({ custom_id: "b", style: 3, min_length: 10, max_length: 5 })),
      row(input({ custom_id: "c", max_length: 4001, value: text(4001), placeholder: text(101) })),
      row(input({ custom_id: "c", value: "too long", max_length: 3 })),
      row(input({ custom_id: text(101) })),
    ];
    expect(codes(checkInteractionCallback(modal({ components: bad }), command))).toEqual([
      "data.components.0.components.0.label:BASE_TYPE_BAD_LENGTH",
      "data.components.1.components.0.style:NUMBER_TYPE_MAX",
      "data.components.1.components.0.min_length:TEXT_INPUT_MIN_LENGTH_GREATER_THAN_MAX",
      "data.components.2.components.0.max_length:NUMBER_TYPE_MAX",
      "data.components.2.components.0.value:BASE_TYPE_MAX_LENGTH",
      "data.components.2.components.0.placeholder:BASE_TYPE_MAX_LENGTH",
      "data.components.3.components.0.custom_id:COMPONENT_CUSTOM_ID_DUPLICATED",
      "data.components.3.components.0.value:BASE_TYPE_MAX_LENGTH",
      "data.components.4.components.0.custom_id:BASE_TYPE_BAD_LENGTH",
    ]);
  });

  it("accepts the label component's form of a text input", () => {
    const labelled = { type: 18, label: text(45), component: { type: 4, custom_id: "x", style: 2 } };
    expect(codes(checkInteractionCallback(modal({ components: [labelled] }), command))).toEqual([]);
    expect(
      codes(checkInteractionCallback(modal({ components: [{ ...labelled, label: text(46) }] }), command)),
    ).toEqual(["data.components.0.label:BASE_TYPE_BAD_LENGTH"]);
  });
});

describe("roles, channels, members and commands", () => {
  it("role names up to 100 characters, colours and permissions as Discord reads them", () => {
    expect(codes(checkRoleBody({ name: text(100), color: 0xffffff, permissions: "8", hoist: true }))).toEqual(
      [],
    );
    expect(
      codes(checkRoleBody({ name: text(101), color: -1, permissions: "lots", mentionable: "yes" })),
    ).toEqual([
      "name:BASE_TYPE_MAX_LENGTH",
      "color:NUMBER_TYPE_MIN",
      "mentionable:BASE_TYPE_BOOLEAN",
      "permissions:NUMBER_TYPE_COERCE",
    ]);
  });

  it("channel names 1-100, a known type, topics up to 1,024, overwrites of role or member", () => {
    const overwrite = { id: "123456789012345678", type: 0, allow: "1024", deny: "0" };
    const ok = { name: text(100), type: 0, topic: text(1024), permission_overwrites: [overwrite] };
    expect(codes(checkChannelBody(ok, { create: true }))).toEqual([]);
    const bad = {
      name: text(101),
      type: 3,
      topic: text(1025),
      permission_overwrites: [{ ...overwrite, type: 2 }],
    };
    expect(codes(checkChannelBody(bad, { create: true }))).toEqual([
      "name:BASE_TYPE_BAD_LENGTH",
      "type:BASE_TYPE_CHOICES",
      "topic:BASE_TYPE_MAX_LENGTH",
      "permission_overwrites.0.type:BASE_TYPE_CHOICES",
    ]);
    expect(codes(checkChannelBody({ type: 0 }, { create: true }))).toEqual(["name:BASE_TYPE_REQUIRED"]);
    expect(codes(checkChannelBody({ name: "" }, { create: false }))).toEqual(["name:BASE_TYPE_REQUIRED"]);
  });

  it("nicknames up to 32 characters and timeouts at most 28 days ahead", () => {
    const now = Date.UTC(2026, 0, 1);
    const day = 24 * 60 * 60 * 1000;
    expect(
      codes(
        checkMemberBody(
          { nick: text(32), communication_disabled_until: new Date(now + 28 * day).toISOString() },
          now,
        ),
      ),
    ).toEqual([]);
    expect(
      codes(
        checkMemberBody(
          { nick: text(33), communication_disabled_until: new Date(now + 29 * day).toISOString() },
          now,
        ),
      ),
    ).toEqual(["nick:BASE_TYPE_MAX_LENGTH", "communication_disabled_until:BASE_TYPE_BAD_INT"]);
  });

  it("commands: lower-case names up to 32, descriptions 1-100, 25 options, required ones first", () => {
    const command = {
      name: "giveaway",
      description: text(100),
      options: [
        {
          type: 1,
          name: "start",
          description: "Start one",
          options: [{ type: 3, name: "prize", description: "p", required: true }],
        },
      ],
    };
    expect(codes(checkCommands([command, { type: 2, name: "Give Kudos" }]))).toEqual([]);
    const bad = {
      name: "Giveaway",
      description: text(101),
      options: [
        { type: 3, name: "a", description: "x" },
        {
          type: 3,
          name: "b",
          description: "x",
          required: true,
          choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` })),
        },
      ],
    };
    expect(codes(checkCommands([bad, { ...command }, { ...command }]))).toEqual([
      "0.name:APPLICATION_COMMAND_INVALID_NAME",
      "0.description:BASE_TYPE_BAD_LENGTH",
      "0.options.1.required:APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
      "0.options.1.choices:BASE_TYPE_MAX_LENGTH",
      "2.name:APPLICATION_COMMANDS_DUPLICATE_NAME",
    ]);
  });
});
