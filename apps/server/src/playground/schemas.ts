import { apiError } from "@hearth/core";

/** The playground routes' error answers: `{error, message, field?}`. */
export const errors = { 400: apiError, 404: apiError, 409: apiError };
