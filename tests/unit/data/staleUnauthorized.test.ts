import ky, { HTTPError } from "ky";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";

/**
 * "401: 'Your session has been invalidated. Kindly re-login' and the app resets", and "Logout or a
 * 401 clears all stores ... and returns to /" (access-and-surroundings). The 401 says the session
 * the call was made in is over. A call made before a sign-out and answered after it (the palette's
 * recently viewed list, asked as the palette opened to choose Sign out, answered once the logout had
 * revoked the token) says only what the sign-out already did: it must not reset what came after.
 * It did: the login page's client id, typed by the next trader, was emptied under them and their
 * Enter sent nothing (the stage stayed on the client id; peruser.spec in the project's CI 58), and
 * had the next trader already signed in, their session would have ended.
 */

type Held = { release: (status: number) => void };

let http: typeof import("../../../src/data/api/http");
let notify: typeof import("../../../src/core/notify");
let session: typeof import("../../../src/data/stores/session");
let login: typeof import("../../../src/data/stores/login");

beforeAll(async () => {
  (globalThis as { localStorage?: Storage }).localStorage = new MemoryStorage() as unknown as Storage;
  http = await import("../../../src/data/api/http");
  notify = await import("../../../src/core/notify");
  session = await import("../../../src/data/stores/session");
  login = await import("../../../src/data/stores/login");
});

/** A broker whose answers wait until the test releases them, with the status it is given. */
function heldBroker() {
  const held: Held[] = [];
  const client = ky.create({
    prefixUrl: "http://broker.invalid",
    retry: 0,
    fetch: () =>
      new Promise<Response>((resolve) => {
        held.push({ release: (status) => resolve(new Response(JSON.stringify({ status: status === 200 ? "Ok" : "EC401", message: "", result: [] }), { status, headers: { "Content-Type": "application/json" } })) });
      }),
  });
  return { client, held };
}

describe("a 401 answering a call of a session that has since ended", () => {
  const toasts: string[] = [];
  let resets = 0;
  const installAppReset = () => {
    notify.setToastSink((t) => toasts.push(t.text));
    // As the app's own (App.tsx): the stores cleared, back to /.
    notify.setResetHandler(() => {
      resets++;
      session.endSession();
    });
  };
  afterEach(() => {
    notify.setResetHandler(() => {});
    notify.setToastSink(() => {});
    toasts.length = 0;
    resets = 0;
    session.endSession();
  });

  it("leaves the login page as the next trader typed it: no reset, no toast", async () => {
    installAppReset();
    session.startSession({ clientCode: "DEMO2", accessToken: "token-2" });
    const { client, held } = heldBroker();
    const asked = http.call(client, "core/scrip/recentlyViewed").catch((e: unknown) => e);
    await expect.poll(() => held.length).toBe(1);
    // Sign-out, then the login page: the next trader types their client id.
    session.endSession();
    login.login$.userId.set("DEMO1");
    held[0]!.release(401);
    expect(await asked).toBeInstanceOf(HTTPError);
    expect(resets).toBe(0);
    expect(toasts).toEqual([]);
    expect(login.login$.userId.peek()).toBe("DEMO1");
    expect(login.login$.stage.peek()).toBe("mobile");
  });

  it("leaves the next trader's session signed in", async () => {
    installAppReset();
    session.startSession({ clientCode: "DEMO2", accessToken: "token-2" });
    const { client, held } = heldBroker();
    const asked = http.call(client, "core/v2/positions").catch((e: unknown) => e);
    await expect.poll(() => held.length).toBe(1);
    session.endSession();
    session.startSession({ clientCode: "DEMO1", accessToken: "token-1" });
    held[0]!.release(401);
    expect(await asked).toBeInstanceOf(HTTPError);
    expect(resets).toBe(0);
    expect(session.session$.accessToken.peek()).toBe("token-1");
  });

  it("still resets the app, and says so, when the session it was asked in is the one refused", async () => {
    installAppReset();
    session.startSession({ clientCode: "DEMO2", accessToken: "token-2" });
    const { client, held } = heldBroker();
    const asked = http.call(client, "core/v2/positions").catch((e: unknown) => e);
    await expect.poll(() => held.length).toBe(1);
    held[0]!.release(401);
    expect(await asked).toBeInstanceOf(HTTPError);
    expect(resets).toBe(1);
    expect(toasts).toEqual(["Your session has been invalidated. Kindly re-login"]);
    expect(session.session$.accessToken.peek()).toBeUndefined();
  });
});
