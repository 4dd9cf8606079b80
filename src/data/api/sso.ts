import ky, { HTTPError, type KyInstance } from "ky";
import type { Envelope } from "./auth.js";
import { UnauthorizedError } from "./auth.js";

export interface SsoAppDetails {
  appName: string;
  appkey: string;
  ssoType: "VENDOR" | "SELF";
}

/** The SSO host's calls (section 7): vendor details and authorisation. Methods not shown: POST. */
export class SsoApi {
  private readonly http: KyInstance;

  constructor(baseUrl: string, fetchImpl?: typeof fetch) {
    this.http = ky.create({ prefixUrl: baseUrl, retry: 0, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  }

  vendorDetails(vendor: string): Promise<Envelope<SsoAppDetails>> {
    return this.http.post("vendor/details", { json: { vendor } }).json();
  }

  /** Returns redirectUrl; `redirectUrl` asks for a specific one, honoured only on an exact match. */
  async authorize(accessToken: string, userId: string, vendor: string, redirectUrl?: string): Promise<Envelope<{ redirectUrl: string }>> {
    try {
      return await this.http
        .post("vendor/authorize", { json: { userId, vendor, ...(redirectUrl !== undefined ? { redirectUrl } : {}) }, headers: { authorization: `Bearer ${accessToken}` } })
        .json();
    } catch (err) {
      if (err instanceof HTTPError && err.response.status === 401) throw new UnauthorizedError();
      throw err;
    }
  }
}
