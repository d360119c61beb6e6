/**
 * Expected failures, thrown by services and turned into an HTTP answer (or a friendly bot reply)
 * in one place. Anything else is a bug and answers 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);
export const forbidden = (message: string) => new AppError(403, message);

/**
 * Runs a service call made for a slash command from an API route: its refusals name the body's
 * fields instead of the command's options (`{ channel: "channelId" }`), so a 400 names what the
 * client sent.
 */
export async function withFieldNames<T>(names: Record<string, string>, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const renamed = error instanceof AppError && error.field ? names[error.field] : undefined;
    if (error instanceof AppError && renamed) throw new AppError(error.statusCode, error.message, renamed);
    throw error;
  }
}
