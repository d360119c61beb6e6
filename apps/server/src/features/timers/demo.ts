import type { AppContext } from "../../context.ts";

/** Seeds this feature's part of the sandbox's demo server. */
export async function seedDemo(_ctx: AppContext): Promise<void> {}
