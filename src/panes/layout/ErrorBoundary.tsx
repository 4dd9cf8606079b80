import { Component, type ReactNode } from "react";
import { errorMessage } from "../../core/errorLog";
import { logError } from "../../data/stores/errorLog";

interface Props {
  /** Where it stands, for the error log: "Pane 2 (Orders)", "Dialog orderWindow", "Workspace". */
  where: string;
  fallback: (error: unknown) => ReactNode;
  children?: ReactNode;
}

interface State {
  failed: boolean;
  error: unknown;
}

/**
 * Catches what its children throw while rendering or loading, so a failing pane, dialog or page
 * shows its failure in its own place and the rest of the app keeps working (issue 28, "No blank
 * page": React unmounts the whole page on an uncaught error). A new key shows the children again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown): void {
    logError("screen", `${this.props.where}: ${errorMessage(error)}`);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
