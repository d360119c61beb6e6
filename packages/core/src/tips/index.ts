export { type Tip, tips, tipsEveryLimits } from "./tips.ts";
