import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthApi } from "../../src/data/api/auth.js";
import { SsoApi } from "../../src/data/api/sso.js";
import { INVALID_APP_KEY_TEXT } from "../../src/core/errors/auth.js";
import { startBroker, type TestBroker } from "./harness.js";
import { authApi, clientKeyPair, signIn } from "./authHelpers.js";

let b: TestBroker;
let api: AuthApi;
let sso: SsoApi;
let token: string;
let port: number;
let registered: string;

beforeAll(async () => {
  b = await startBroker();
  api = authApi(b, clientKeyPair());
  sso = new SsoApi(`${b.url}/sso`);
  token = await signIn(b, api, "DEMO1");
  port = Number(new URL(b.url).port);
  registered = `http://127.0.0.1:${port}/sso-demo/callback`;
});
afterAll(async () => b.stop());

describe("single sign-on with demo-vendor", () => {
  it("gives the vendor details, and the exact Invalid App Key text for an unknown key", async () => {
    const d = await sso.vendorDetails("demo-vendor");
    expect(d.status).toBe("Ok");
    expect(d.result[0]).toEqual({ appName: "Demo Vendor App", appkey: "demo-vendor", ssoType: "VENDOR" });
    const bad = await sso.vendorDetails("nope");
    expect(bad.message).toBe("Invalid App Key: The app key you entered is incorrect. Please double-check and try again.");
    expect(bad.message).toBe(INVALID_APP_KEY_TEXT);
  });

  it("authorises, lands on the demo callback page, and the vendor swaps the authCode for a session once", async () => {
    const a = await sso.authorize(token, "DEMO1", "demo-vendor", registered);
    expect(a.status).toBe("Ok");
    const redirectUrl = a.result[0]!.redirectUrl;
    expect(redirectUrl.startsWith(`${registered}?`)).toBe(true);
    const page = await (await fetch(redirectUrl)).text();
    const authCode = new URL(redirectUrl).searchParams.get("authCode")!;
    expect(page).toContain("Demo vendor received");
    expect(page).toContain(authCode);
    const session = await api.ssoGetToken(authCode, "demo-vendor");
    expect(session.status).toBe("Ok");
    expect(session.result[0]?.clientCode).toBe("DEMO1");
    expect((await api.ssoGetToken(authCode, "demo-vendor")).status).toBe("EC044");
  });

  it("escapes what the callback page shows", async () => {
    const page = await (await fetch(`${b.url}/sso-demo/callback?x=${encodeURIComponent("<script>alert(1)</script>")}`)).text();
    expect(page).not.toContain("<script>");
    expect(page).toContain("&#60;script&#62;");
  });

  it("needs the bearer (401) and the signed-in client's own userId (EC044)", async () => {
    await expect(sso.authorize("bad", "DEMO1", "demo-vendor")).rejects.toThrow("Your session has been invalidated");
    expect((await sso.authorize(token, "DEMO2", "demo-vendor")).status).toBe("EC044");
    expect((await sso.authorize(token, "DEMO1", "other-vendor")).message).toBe(INVALID_APP_KEY_TEXT);
  });

  it("refuses all 20 crafted redirect values (only an exact match with the registered one is honoured)", async () => {
    const h = `127.0.0.1:${port}`;
    const crafted = [
      `http://${h}@evil.example/sso-demo/callback`, // userinfo: the real host is evil.example
      `http://evil.example@${h}/sso-demo/callback`, // userinfo in front
      `//evil.example/sso-demo/callback`, // scheme-relative
      `http://${h}//evil.example/sso-demo/callback`, // double slash in the path
      `http:\\\\evil.example\\sso-demo\\callback`, // backslashes
      `http://${h}\\@evil.example/sso-demo/callback`, // backslash then userinfo
      `http://${h}/sso-demo/%63allback`, // percent-encoded letter
      `http%3A%2F%2F${h.replace(":", "%3A")}%2Fsso-demo%2Fcallback`, // fully percent-encoded
      `http://${h}/sso-demo/callback%2F..%2F..%2Fevil`, // encoded traversal
      `http://127.0.0.1.evil.example:${port}/sso-demo/callback`, // look-alike host
      `http://l27.0.0.1:${port}/sso-demo/callback`, // look-alike letters
      `http://${h}.evil.example/sso-demo/callback`, // host continues
      `javascript:alert(document.domain)//${registered}`, // javascript:
      `data:text/html,<script>location='${registered}'</script>`, // data:
      `http://127.0.0.1.:${port}/sso-demo/callback`, // trailing dot
      `http://127.0.0.1:${port + 1}/sso-demo/callback`, // other port
      `https://${h}/sso-demo/callback`, // other scheme
      `${registered}/../../evil`, // path suffix
      `${registered}#@evil.example`, // fragment
      ` ${registered}`, // leading space
    ];
    expect(crafted).toHaveLength(20);
    expect(new Set(crafted).size).toBe(20);
    for (const redirectUrl of crafted) {
      const a = await sso.authorize(token, "DEMO1", "demo-vendor", redirectUrl);
      expect(a.status, redirectUrl).toBe("EC046");
      expect(a.result).toEqual([]);
    }
  });
});
