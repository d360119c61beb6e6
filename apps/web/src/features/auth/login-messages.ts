import { ApiError } from "../../lib/api-client";

// The modal's texts (spec: dashboard-and-api §§5 and 8).
export const EMPTY_TOKEN_MESSAGE = "Please enter a valid token";
export const MISSING_SERVER_MESSAGE = "Invalid token or missing server information";
export const GENERIC_FAILURE_MESSAGE = "Authorization failed. Please check your token.";

/** The error to show for a failed authorisation: the API's explanation, else the generic text. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? GENERIC_FAILURE_MESSAGE;
  if (error instanceof Error && error.message === MISSING_SERVER_MESSAGE) return error.message;
  return GENERIC_FAILURE_MESSAGE;
}
