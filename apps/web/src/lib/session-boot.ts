/**
 * The start-up requests public/session-boot.js sent before the app's code ran (spec §2:
 * refresh, then the user). Each is handed out once: the refresh token rotates, so a second
 * caller must send its own request.
 */
type SessionBoot = { refresh?: Promise<Response>; user?: Promise<Response | null> };

declare global {
  // Declaration merging with the DOM's Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    __kontorSessionBoot?: SessionBoot;
  }
}

export function takeBootedRequest<K extends keyof SessionBoot>(name: K): SessionBoot[K] {
  const boot = typeof window === 'undefined' ? undefined : window.__kontorSessionBoot;
  const request = boot?.[name];
  if (boot) delete boot[name];
  return request;
}
