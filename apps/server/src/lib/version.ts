/** The version the health check and the OpenAPI document report. */
export const version = "0.1.0";
