// What the web's docs read from core without the API schemas (`@hearth/core/limits`).
export * from "../embed/limits.ts";
export { tipsEveryLimits } from "../tips/tips.ts";
export * from "./community.ts";
export * from "./events.ts";
export * from "./features.ts";
export * from "./retention.ts";
export * from "./server-caps.ts";
