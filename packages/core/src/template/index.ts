export * from "./template.ts";
export * from "./validate.ts";
export * from "./variables.ts";
export * from "./welcome-message.ts";
