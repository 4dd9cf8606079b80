import { bases } from "../config";
import { serviceClient } from "./http";

/** One client per service base of DESIGN.md section 4. */
export const coreApi = serviceClient(bases.core);
export const wrapperApi = serviceClient(bases.wrapper);
export const authApi = serviceClient(bases.auth);
export const ssoApi = serviceClient(bases.sso);
export const spanApi = serviceClient(bases.span);
export const chartsApi = serviceClient(bases.charts);
