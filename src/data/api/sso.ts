import ky, { HTTPError, type KyInstance } from "ky";
import type { BodyOf, ResultOf, WireCall } from "../../core/wire/call";
import * as wire from "../../core/wire/sso";
import type { Envelope } from "./auth.js";
import { UnauthorizedError } from "./auth.js";
import { pathOf, type NoExtra } from "./send";

export type { SsoAppDetails } from "../../core/wire/sso";

/** The SSO host's calls (section 7): vendor details and authorisation (schemas: src/core/wire/sso.ts). Methods not shown: POST. */
export class SsoApi {
  private readonly http: KyInstance;

  constructor(baseUrl: string, fetchImpl?: typeof fetch) {
    this.http = ky.create({ prefixUrl: baseUrl, retry: 0, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  }

  private post<C extends WireCall, B extends BodyOf<C>>(c: C, json: NoExtra<B, BodyOf<C>>, headers?: Record<string, string>): Promise<Envelope<ResultOf<C>>> {
    return this.http.post(pathOf(c), { json, ...(headers ? { headers } : {}) }).json();
  }

  vendorDetails(vendor: string) {
    return this.post(wire.vendorDetails, { vendor });
  }

  /** Returns redirectUrl; `redirectUrl` asks for a specific one, honoured only on an exact match. */
  async authorize(accessToken: string, userId: string, vendor: string, redirectUrl?: string) {
    try {
      return await this.post(wire.authorizeVendor, { userId, vendor, ...(redirectUrl !== undefined ? { redirectUrl } : {}) }, { authorization: `Bearer ${accessToken}` });
    } catch (err) {
      if (err instanceof HTTPError && err.response.status === 401) throw new UnauthorizedError();
      throw err;
    }
  }
}
