/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's host; empty means the page's own origin. */
  readonly VITE_API_URL?: string;
}
