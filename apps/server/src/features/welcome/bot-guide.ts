import { type TemplateTagReference, templateTagReference } from "@hearth/core";
import type { Embed, EmbedField } from "../../discord/port/port.ts";

const groups: { group: TemplateTagReference["group"]; name: string }[] = [
  { group: "user", name: "👤 The new member" },
  { group: "server", name: "🏠 The server" },
  { group: "special", name: "✨ Special" },
  { group: "functions", name: "🎲 Functions and conditions" },
];
const fieldMax = 1024;

/** Splits lines into fields of at most 1024 characters, continuing the group's name. */
function fieldsOf(name: string, lines: string[]): EmbedField[] {
  const fields: EmbedField[] = [];
  let current = "";
  for (const line of lines) {
    const cut = line.length > fieldMax ? `${line.slice(0, fieldMax - 1)}…` : line;
    if (current !== "" && current.length + 1 + cut.length > fieldMax) {
      fields.push({ name: fields.length === 0 ? name : `${name} (continued)`, value: current });
      current = "";
    }
    current = current === "" ? cut : `${current}\n${cut}`;
  }
  if (current !== "")
    fields.push({ name: fields.length === 0 ? name : `${name} (continued)`, value: current });
  return fields;
}

/** `/welcome guide`: every template tag with what it gives, grouped, and a worked example. */
export function welcomeGuideEmbed(): Embed {
  return {
    title: "📖 Welcome message tags",
    description: [
      "Write tags in braces anywhere in the title, description, footer or button label; they're filled in for each member who joins.",
      "",
      "**Example**",
      "`Hey {user.mention}, welcome to {server.name}! You're our {server.memberCount.ordinal} member.{newline}{if(user.accountAge < 7):New to Discord? Say hi in the chat!}`",
      "",
      "Try it with `/welcome test`, or let `/welcome setup` write one for you.",
    ].join("\n"),
    color: 0xf97316,
    fields: groups.flatMap(({ group, name }) =>
      fieldsOf(
        name,
        templateTagReference
          .filter((row) => row.group === group)
          .map((row) => `\`${row.tag}\` ${row.description}`),
      ),
    ),
    footer: { text: "Unknown tags are reported when you save in the dashboard." },
  };
}
