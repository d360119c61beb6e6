// What the web's docs read from core without the API schemas (`@hearth/core/limits`).
export * from "../embed/limits.ts";
export * from "./features.ts";
export * from "./server-caps.ts";
