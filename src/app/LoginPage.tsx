import { useEffect } from "react";
import { call } from "../core/api/http";
import { coreApi } from "../core/api/services";
import { navigate } from "../core/nav";
import { hasSession } from "../core/stores/session";
import { EmptyState } from "../panes/views/EmptyState";

/**
 * "/": the login page and the single sign-on entry. "With a valid session and path /, the
 * token is validated": a good token goes on to /home, a bad one is reset by the 401 rule.
 */
export function LoginPage() {
  useEffect(() => {
    if (!hasSession()) return;
    call<unknown>(coreApi, "profile", { failureAction: "router" })
      .then((e) => e.status === "Ok" && navigate("/home", { replace: true }))
      .catch(() => undefined);
  }, []);
  return (
    <div className="login">
      <div className="brand brand-large">TAPE</div>
      <EmptyState title="Sign-in is not available in this build yet" />
    </div>
  );
}
