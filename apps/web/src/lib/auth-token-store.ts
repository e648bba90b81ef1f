/**
 * The access token lives only in this module's memory (DESIGN §4, a deliberate deviation
 * from the spec's local storage): a reload restores it through the refresh cookie.
 */
let accessToken: string | null = null;

export const getAccessToken = (): string | null => accessToken;

export const setAccessToken = (token: string): void => {
  accessToken = token;
};

export const clearAccessToken = (): void => {
  accessToken = null;
};
