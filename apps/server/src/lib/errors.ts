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
