import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";

export const setupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
