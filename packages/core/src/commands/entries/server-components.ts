import type { CommandEntry } from "../types.ts";
import { command } from "./define.ts";
import { channel, pick, role, text } from "./options.ts";

const category = "Server Configuration";

/** `/components`: custom buttons, select menus and forms, managed by Manage Server or the component management role. */
export const componentCommands: CommandEntry[] = [
  command({
    name: "components create",
    description: "Create a button, select menu or form with the actions it runs.",
    category,
    permissions: ["Manage Server"],
    managerRole: "component management role",
    options: [
      pick("type", "The kind of component", ["button", "select", "form"]),
      text("name", "A name to find it by"),
      channel("channel", "Post it here once it is built", false),
    ],
    examples: [
      "/components create type:button name:verify",
      "/components create type:form name:apply channel:#applications",
    ],
  }),
  command({
    name: "components edit",
    description:
      "Change a component's look, options or actions, post another copy, or set the management role.",
    category,
    permissions: ["Manage Server"],
    managerRole: "component management role",
    options: [
      text("component", "The component's name or ID", false),
      role(
        "manager_role",
        "Manage Server only: the role that may manage components (@everyone clears it)",
        false,
      ),
    ],
    examples: ["/components edit component:verify", "/components edit manager_role:@Builders"],
  }),
  command({
    name: "components test",
    description: "Post a private preview of a component and run it on yourself.",
    category,
    permissions: ["Manage Server"],
    managerRole: "component management role",
    options: [text("component", "The component's name or ID")],
    examples: ["/components test component:verify"],
  }),
  command({
    name: "components delete",
    description: "Delete a component; messages that carry it stop responding to it.",
    category,
    permissions: ["Manage Server"],
    managerRole: "component management role",
    options: [text("component", "The component's name or ID")],
    examples: ["/components delete component:verify"],
  }),
];
