export * from "./api/common.ts";
export * from "./api/dashboard.ts";
export * from "./api/system.ts";
export * from "./commands/catalogue.ts";
