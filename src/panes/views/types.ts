/** What the tiling hands every view. Pane identity, state and visibility come from `usePane()`. */
export interface ViewProps {
  /** The view id, which is the page name for routed views. */
  page: string;
}
