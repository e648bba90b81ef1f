/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Error reporting is on only when this is set (DESIGN §2). */
  readonly VITE_SENTRY_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
