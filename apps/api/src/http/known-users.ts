import type { users } from '../db/schema/index.js';

/** What the authentication check reads of a user. */
export type AuthUser = Pick<typeof users.$inferSelect, 'id' | 'email' | 'companyId' | 'companyRole' | 'isActive' | 'tokenVersion'>;

/** The notification channel of user changes (migration 0017: a trigger on users sends it at commit). */
export const USER_CHANGED_CHANNEL = 'kontor_user_changed';

/** Users kept at most; past it the oldest are forgotten. */
const MAX_USERS = 10_000;
/**
 * How long a kept user is trusted without hearing of it. Changes arrive as notifications at once;
 * this only bounds what a notification that never arrived (a connection that died silently before
 * its keepalive noticed) could leave stale.
 */
export const KNOWN_USER_MAX_AGE_MS = 60_000;

/** Every cache of this process, so a change made here is forgotten here before its transaction ends. */
const caches = new Set<KnownUsers>();

/**
 * The users this process has authenticated, so a request does not read its user again (one round
 * trip less on every call). Kept only while the database's change notifications are heard: a
 * notification forgets its user, a lost connection forgets everyone and keeps no one until it
 * listens again. A user read while any change was heard is not kept (the generation): the read
 * may predate the change. Nor is one this process is changing (forgetKnownUser, called before
 * the change commits) until its notification comes: a read between the change's write and its
 * commit sees the old row, and keeping it would outlive the commit.
 */
export class KnownUsers {
  readonly #users = new Map<number, { user: AuthUser; at: number }>();
  /** Users changed here whose change has not been heard committed yet, with when (a rolled-back change is never heard). */
  readonly #changing = new Map<number, number>();
  #generation = 0;
  #listening = false;

  constructor(private readonly now: () => number = Date.now) {
    caches.add(this);
  }

  /** The database's notifications are heard (true) or may have been missed (false). */
  listening(listening: boolean): void {
    this.#listening = listening;
    this.#forgetAll();
  }

  /** A notification: the user's id, or '*' for every user. */
  changed(payload: string): void {
    if (payload === '*') {
      this.#changing.clear();
      this.#forgetAll();
    } else {
      this.#changing.delete(Number(payload));
      this.forget(Number(payload));
    }
  }

  forget(id: number): void {
    this.#generation += 1;
    this.#users.delete(id);
  }

  /** This process is changing the user: forgotten now, and not kept again until the change is heard committed. */
  changing(id: number): void {
    this.#changing.set(id, this.now());
    this.forget(id);
  }

  close(): void {
    caches.delete(this);
    this.listening(false);
  }

  async get(id: number, read: (id: number) => Promise<AuthUser | undefined>): Promise<AuthUser | undefined> {
    const kept = this.#users.get(id);
    if (kept && this.now() - kept.at < KNOWN_USER_MAX_AGE_MS) return kept.user;
    const generation = this.#generation;
    const at = this.now();
    const user = await read(id);
    if (user && this.#listening && generation === this.#generation && !this.#isChanging(id)) {
      this.#users.delete(id);
      if (this.#users.size >= MAX_USERS) this.#users.delete(this.#users.keys().next().value!);
      this.#users.set(id, { user, at });
    }
    return user;
  }

  #isChanging(id: number): boolean {
    const since = this.#changing.get(id);
    if (since === undefined) return false;
    if (this.now() - since < KNOWN_USER_MAX_AGE_MS) return true;
    this.#changing.delete(id);
    return false;
  }

  #forgetAll(): void {
    this.#generation += 1;
    this.#users.clear();
  }
}

/**
 * Forgets the user in every cache of this process. Writers of what the check reads (active,
 * role, company, token_version) call it, so this process refuses an ended session from the next
 * request on; other processes hear the committed change's notification.
 */
export function forgetKnownUser(id: number): void {
  for (const cache of caches) cache.changing(id);
}
