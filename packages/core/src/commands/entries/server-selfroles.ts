import type { CommandEntry, CommandPermission } from "../types.ts";
import { command } from "./define.ts";
import { channel, pick, role, text } from "./options.ts";

const category = "Server Configuration";
const adminOrManager: CommandPermission[] = ["Administrator", "Manage Server"];

/** `/selfroles`: the whitelist of self-assignable roles and the panels that hand them out. */
export const selfRoleCommands: CommandEntry[] = [
  command({
    name: "selfroles whitelist",
    description: "Add or remove roles members may give themselves; dangerous roles are refused.",
    category,
    permissions: adminOrManager,
    options: [
      pick("action", "What to do", ["add", "remove", "view"]),
      role("role", "The role to add or remove", false),
    ],
    examples: ["/selfroles whitelist action:add role:@Events Ping", "/selfroles whitelist action:view"],
  }),
  command({
    name: "selfroles create",
    description: "Build a self-role panel step by step in a guided conversation, then post it.",
    category,
    permissions: adminOrManager,
    options: [channel("channel", "Where to post the finished panel")],
    examples: ["/selfroles create channel:#self-roles"],
  }),
  command({
    name: "selfroles quick",
    description: "Post a panel of whitelisted roles in one step (up to 25 roles).",
    category,
    permissions: adminOrManager,
    options: [
      channel("channel", "Where to post the panel"),
      text("roles", "The roles: mentions, IDs or @names; an emoji before a role goes on its button"),
      text("title", "The panel's title", false),
      pick("display", "Buttons or a dropdown menu", ["buttons", "dropdown"], false),
    ],
    examples: [
      "/selfroles quick channel:#self-roles roles:@Red @Blue @Green",
      "/selfroles quick channel:#self-roles roles:@EU @NA @Asia title:Region display:dropdown",
    ],
  }),
  command({
    name: "selfroles migrate",
    description: "Import the roles of an existing reaction-role message into a new panel.",
    category,
    permissions: adminOrManager,
    options: [
      text("message_id", "The reaction-role message's ID"),
      channel("channel", "The channel the message is in (defaults to this one)", false),
    ],
    examples: ["/selfroles migrate message_id:1267001234567890123 channel:#roles"],
  }),
  command({
    name: "selfroles bind",
    description: "Attach a saved panel's buttons or menu to an existing message posted by Hearth.",
    category,
    permissions: adminOrManager,
    options: [
      text("panel", "The panel's name"),
      text("message_id", "The message to bind to"),
      channel("channel", "The channel the message is in (defaults to this one)", false),
    ],
    examples: [
      "/selfroles bind panel:Colours message_id:1267001234567890123",
      "/selfroles bind panel:Colours message_id:1267001234567890123 channel:#roles",
    ],
  }),
  command({
    name: "selfroles list",
    description: "List the server's self-role panels and the roles they offer.",
    category,
    examples: ["/selfroles list"],
  }),
  command({
    name: "selfroles delete",
    description: "Delete a self-role panel (after a confirm button) and remove its buttons.",
    category,
    permissions: adminOrManager,
    options: [text("panel", "The panel's name")],
    examples: ["/selfroles delete panel:Colours"],
  }),
];
