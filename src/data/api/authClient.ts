import { bases } from "../config";
import { AuthApi } from "./auth";
import { SsoApi } from "./sso";

/** The app's one auth client: its key pair is made once per page and the key exchange runs once. */
export const authClient = new AuthApi({ baseUrl: bases.auth });
export const ssoClient = new SsoApi(bases.sso);
