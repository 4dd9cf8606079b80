import ky, { HTTPError, type KyInstance } from "ky";
import {
  decryptResponse,
  encryptRequest,
  forgeRsaOaep,
  HybridCryptoError,
  keyIdOf,
  type KeyPairPem,
  type RsaOaep,
} from "../../core/crypto/hybrid.js";
import { APP_NAME, AUTH_APP_VERSION, OS_NAME } from "../config.js";
import { generateKeyPair } from "../crypto/keyPair.js";
import { webDecryptResponse, webEncryptRequest, webKeyIdOf } from "../crypto/webHybrid.js";

import type { Envelope } from "../../core/types/envelope";
import { isAuthSuccess } from "../../core/http/success";
import type { BodyOf, ResultOf, SealedOf, SealedRowOf, WireCall } from "../../core/wire/call";
import * as wire from "../../core/wire/auth";
import type { Static } from "../../core/wire/schema";
import { pathOf, type NoExtra } from "./send";

export type { Envelope };

/** The login answers' rows: the wire's own types (src/core/wire/auth.ts). */
export type { ClientVerified, OtpSent, PasswordValidated, SignedIn, TotpScanner } from "../../core/wire/auth";

/** An encrypted call's success row: its sealed rows without the refusal's. */
type SuccessRow<C extends WireCall> = Exclude<SealedRowOf<C>, Static<typeof wire.AuthRefusalRow>>;

/** Fixed request fields of section 7 ("app name and OS type are fixed strings (values not shown)"). */
export const AUTH_APP = { appName: APP_NAME, osName: OS_NAME, versionNo: AUTH_APP_VERSION } as const;

/** A 401: the session is gone; the app resets (section 8). */
export class UnauthorizedError extends Error {
  constructor() {
    super("Your session has been invalidated. Kindly re-login");
    this.name = "UnauthorizedError";
  }
}

export interface AuthApiOptions {
  /** The auth base, e.g. "/auth" in the app or "http://127.0.0.1:8080/auth". */
  baseUrl: string;
  /** Reuse a key pair (tests); otherwise one is made on the first encrypted call. */
  keyPair?: KeyPairPem;
  fetch?: typeof fetch;
  /** The RSA-OAEP step of the node-forge path. */
  rsa?: RsaOaep;
  /**
   * The WebCrypto to seal with; by default the platform's. Null where there is none (a page over
   * plain http to a LAN address), and then node-forge seals, in the same wire format.
   */
  subtle?: SubtleCrypto | null;
}

/**
 * The /auth calls of access-and-surroundings section 7. Every call except get/encKey and
 * client/verify is sealed with the hybrid scheme; the key exchange happens once, lazily.
 */
export class AuthApi {
  private readonly http: KyInstance;
  private readonly rsa: RsaOaep;
  private readonly subtle: SubtleCrypto | undefined;
  private keys: Promise<{ pair: KeyPairPem; kid: string; serverKey: string }> | undefined;

  constructor(private readonly options: AuthApiOptions) {
    this.http = ky.create({
      prefixUrl: options.baseUrl,
      retry: 0,
      timeout: 30_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.rsa = options.rsa ?? forgeRsaOaep;
    this.subtle = options.subtle === null ? undefined : (options.subtle ?? globalThis.crypto?.subtle);
  }

  private post<T>(path: string, json: unknown, bearer?: string): Promise<T> {
    return this.http
      .post(path, { json, ...(bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {}) })
      .json<T>()
      .catch((err: unknown) => {
        if (err instanceof HTTPError && err.response.status === 401) throw new UnauthorizedError();
        throw err;
      });
  }

  /** get/encKey (plain): posts ceData, keeps cPubKey. Runs once; a failure lets the next call retry. */
  handshake(): Promise<{ pair: KeyPairPem; kid: string; serverKey: string }> {
    this.keys ??= (async () => {
      const pair = this.options.keyPair ?? (await generateKeyPair());
      const answer = await this.plain(wire.getEncKey, { ceData: pair.publicKeyPem });
      const serverKey = answer.result[0]?.cPubKey;
      if (!isAuthSuccess(answer) || !serverKey) throw new Error(answer.message || "The key exchange failed");
      return { pair, kid: this.subtle ? await webKeyIdOf(pair.publicKeyPem, this.subtle) : keyIdOf(pair.publicKeyPem), serverKey };
    })().catch((err: unknown) => {
      this.keys = undefined;
      throw err;
    });
    return this.keys;
  }

  /** A plain call of the auth service, its body typed by the call's schema. */
  private plain<C extends WireCall, B extends BodyOf<C>>(c: C, body: NoExtra<B, BodyOf<C>>): Promise<Envelope<ResultOf<C>>> {
    return this.post(pathOf(c), body);
  }

  /**
   * One encrypted call: { cEncData } out, { cRespEncData } back (or a plain envelope for EC098). The
   * payload is typed by the call's sealed schema, its rows by the call's success row. A refused
   * envelope (status not "Ok") carries the refusal's row instead (when to try again, tries left),
   * which only retryAtOf reads, as unknown; so the rows are typed for the success the caller checks first.
   */
  async call<C extends WireCall, P extends SealedOf<C>>(c: C, payload: NoExtra<P, SealedOf<C>>, bearer?: string): Promise<Envelope<SuccessRow<C>>> {
    type T = SuccessRow<C>;
    const path = pathOf(c);
    const { pair, kid, serverKey } = await this.handshake();
    const cEncData = this.subtle ? await webEncryptRequest(payload, kid, serverKey, this.subtle) : encryptRequest(payload, kid, serverKey, this.rsa);
    const answer = await this.post<{ cRespEncData?: string } & Partial<Envelope<T>>>(path, { cEncData }, bearer);
    if (typeof answer.cRespEncData !== "string") {
      // The broker could not read our request (EC098): it answers plain, having no key to seal to.
      if (typeof answer.status === "string") return { status: answer.status, message: answer.message ?? "", result: answer.result ?? [] };
      throw new HybridCryptoError();
    }
    return (this.subtle ? await webDecryptResponse(answer.cRespEncData, pair.privateKeyPem, this.subtle) : decryptResponse(answer.cRespEncData, pair.privateKeyPem, this.rsa)) as Envelope<T>;
  }

  verifyClient(userId: string, deviceId: string, isPanEntered = false) {
    return this.plain(wire.verifyClient, { userId, osName: AUTH_APP.osName, IsPANEntered: isPanEntered, DeviceID: deviceId });
  }

  validatePassword(userId: string, password: string, deviceId: string) {
    return this.call(wire.validatePassword, { userId, password, deviceId, versionNo: AUTH_APP.versionNo, appName: AUTH_APP.appName, osName: AUTH_APP.osName });
  }

  sendOtp(userId: string) {
    return this.call(wire.sendOtp, { userId });
  }

  validateOtp(userId: string, receivedOtp: string, deviceId: string, vendor?: string) {
    return this.call(wire.validateOtp, { userId, receivedOtp, deviceId, appName: AUTH_APP.appName, osName: AUTH_APP.osName, ...(vendor ? { vendor } : {}) });
  }

  verifyTotp(userId: string, totp: string, deviceId: string, vendor?: string) {
    return this.call(wire.verifyTotp, { userId, totp, deviceId, appName: AUTH_APP.appName, osName: AUTH_APP.osName, ...(vendor ? { vendor } : {}) });
  }

  unblock(userId: string) {
    return this.call(wire.unblock, { userId });
  }

  /** `dob`: the date of birth as the spec's rule writes it, MMDDYYYY. */
  verifyUnblock(userId: string, receivedOtp: string, dob: string) {
    return this.call(wire.verifyUnblock, { userId, receivedOtp, dob });
  }

  forgotPassword(userId: string) {
    return this.call(wire.forgotPassword, { userId });
  }

  verifyForgotPassword(userId: string, receivedOtp: string, dob: string) {
    return this.call(wire.verifyForgotPassword, { userId, receivedOtp, dob });
  }

  resetPassword(userId: string, password: string, deviceId: string) {
    return this.call(wire.resetPassword, { userId, password, osName: AUTH_APP.osName, deviceId, appName: AUTH_APP.appName });
  }

  /** In-app change password: POST {auth}/pwd/change with the bearer (our path; the spec names no call). */
  changePassword(accessToken: string, oldPassword: string, newPassword: string) {
    return this.call(wire.changePassword, { oldPassword, newPassword }, accessToken);
  }

  logout(accessToken: string, userId: string) {
    return this.call(wire.logout, { userId }, accessToken);
  }

  /** totpGenerate: an OTP is sent before the QR is shown. Bearer when signed in; else after the password. */
  generateScanner(userId: string, accessToken?: string) {
    return this.call(wire.generateScanner, { userId }, accessToken);
  }

  getScanner(userId: string, receivedOtp: string, accessToken?: string) {
    return this.call(wire.getScanner, { userId, receivedOtp }, accessToken);
  }

  enableTotp(userId: string, totp: string, accessToken?: string) {
    return this.call(wire.enableTotp, { userId, totp }, accessToken);
  }

  checkToken(userId: string, token: string) {
    return this.call(wire.checkToken, { userId, token });
  }

  ssoGetToken(authCode: string, vendor: string) {
    return this.call(wire.ssoGetToken, { authCode, vendor });
  }
}
