/** Options of `ng add kit-chat-uikit-angular`. */
export interface Schema {
  /** Name of the application to set up (the workspace's default project when omitted). */
  project?: string;

  /** Whether to add `mat.theme()` and the kit's Sass entry to the global styles when they are missing. */
  theme?: boolean;
  /**
   * Whether to load Roboto from Google Fonts in index.html (default false): production builds then need the network
   * to inline it.
   */
  roboto?: boolean;
}
