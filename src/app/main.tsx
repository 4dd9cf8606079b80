import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "../panes/layout/ErrorBoundary";
import { AppFailure } from "../panes/views/Failure";
import { App } from "./App";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    {/* The last net: whatever the shell itself throws is said on the page, never a blank one. */}
    <ErrorBoundary where="Tape" fallback={(error) => <AppFailure error={error} />}>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
