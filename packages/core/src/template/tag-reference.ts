import { definitions } from "./variable-definitions.ts";

/** One row of the tag reference the editor shows. */
export interface TemplateTagReference {
  tag: string;
  group: "user" | "server" | "special" | "functions";
  description: string;
}

/** The tag reference: every variable, the suffixes, the functions and the condition construct. */
export const templateTagReference: readonly TemplateTagReference[] = [
  ...definitions.map((definition) => ({
    tag: `{${definition.tag}}`,
    group: definition.group,
    description: definition.aliases
      ? `${definition.description} (also ${definition.aliases.map((alias) => `{${alias}}`).join(", ")})`
      : definition.description,
  })),
  {
    tag: "{server.memberCount.ordinal}",
    group: "special",
    description: "Any count followed by .ordinal, e.g. 321st",
  },
  {
    tag: "{user.createdAt.relative}",
    group: "special",
    description:
      "Any date followed by .relative (e.g. '3 years ago', in the reader's language), .timestamp (Unix seconds), .date or .time",
  },
  { tag: "{random(1,10)}", group: "functions", description: "A whole number between the two, inclusive" },
  { tag: "{choose(Hi,Hey,Welcome)}", group: "functions", description: "One of the choices, at random" },
  {
    tag: "{if(user.accountAge < 7):text}",
    group: "functions",
    description:
      "The text only when the condition holds: a variable that is set, or two values compared with ==, !=, >, >=, < or <=; ! negates",
  },
];
