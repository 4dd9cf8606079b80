import { defineCall } from "./call";
import { Envelope, OneOf, Refused, Type, type Static } from "./schema";

/** The SSO host's calls (access-and-surroundings section 7) and the demo vendor's landing page. */

export const SsoAppDetails = Type.Object({ appName: Type.String(), appkey: Type.String(), ssoType: OneOf(["VENDOR", "SELF"]) });
export type SsoAppDetails = Static<typeof SsoAppDetails>;

/** The vendor, as `vendor` or `appkey`; in the body (POST) or the query (GET). */
const VendorNamed = Type.Object({
  vendor: Type.Optional(Type.String({ description: "The vendor's app key" })),
  appkey: Type.Optional(Type.String({ description: "Another name for vendor" })),
});

const details = {
  service: "sso",
  path: "vendor/details",
  tag: "sso",
  summary: "The vendor's app name, app key and SSO type (EC047 with the spec's 'Invalid App Key' text when unknown)",
  answer: Envelope(SsoAppDetails),
} as const;

/** Method not shown by the spec: GET and POST both work. */
export const vendorDetailsGet = defineCall({ ...details, method: "GET", querystring: VendorNamed });
export const vendorDetails = defineCall({ ...details, method: "POST", body: VendorNamed });

export const authorizeVendor = defineCall({
  method: "POST",
  service: "sso",
  path: "vendor/authorize",
  tag: "sso",
  summary: "The bearer's client authorises the vendor: result[0].redirectUrl is its registered redirect with ?authCode&clientCode&appkey",
  description:
    "A requested redirect is honoured only when it is exactly, character for character, the vendor's registered one (EC046 otherwise). Needs the bearer (401 without). The authCode lives 5 minutes and is used once.",
  body: Type.Object({
    userId: Type.Optional(Type.String({ description: "When named, the bearer's client (EC044 otherwise)" })),
    ...VendorNamed.properties,
    redirectUrl: Type.Optional(Type.String()),
    redirect_uri: Type.Optional(Type.String({ description: "Another name for redirectUrl" })),
    redirectUri: Type.Optional(Type.String({ description: "Another name for redirectUrl" })),
  }),
  answer: Envelope(Type.Object({ redirectUrl: Type.String() })),
  otherAnswers: { 401: Refused },
});

export const ssoDemoCallback = defineCall({
  method: "GET",
  service: "",
  path: "sso-demo/callback",
  tag: "sso",
  summary: "The demo vendor's landing page: shows what the SSO redirect brought (an HTML page)",
  querystring: Type.Record(Type.String(), Type.Unknown()),
  answer: Type.String({ description: "HTML" }),
  answerType: "text/html",
});
