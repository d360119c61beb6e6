import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";

export const welcomeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
