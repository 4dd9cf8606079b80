import { AUTH_CODES } from "./auth.js";

/**
 * Codes the paper broker answers for a request refused before any call reads it: by the router,
 * the body parser or the HTTP server. The spec shows none; ours, each EC and the HTTP status it
 * stands for. EC400 is the auth catalogue's own "Bad request", named here so this table is whole.
 */
export const TRANSPORT_CODES = {
  EC400: AUTH_CODES.EC400,
  EC403: "This request is not allowed here",
  EC404: "No such route",
  EC408: "The request took too long to arrive",
  EC413: "The request body is too large",
  EC414: "A path parameter is too long",
  EC415: "Unsupported content type: send application/json",
  EC431: "The request headers are too large",
  EC500: "Something went wrong",
} as const;

export type TransportCode = keyof typeof TRANSPORT_CODES;
