/** What other screens hand to /login through the router's location state. */
export type LoginLocationState = {
  /** Prefills the email, e.g. right after registration. */
  email?: string;
  /** Where to go after logging in, e.g. the page a session expired on. */
  from?: string;
};

export function readLoginState(state: unknown): LoginLocationState {
  if (!state || typeof state !== 'object') return {};
  const { email, from } = state as Record<string, unknown>;
  return {
    email: typeof email === 'string' ? email : undefined,
    from: typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : undefined,
  };
}
