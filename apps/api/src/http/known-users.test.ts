import { describe, expect, it } from 'vitest';
import { forgetKnownUser, KNOWN_USER_MAX_AGE_MS, KnownUsers, type AuthUser } from './known-users.js';

const user = (id: number, isActive = true): AuthUser => ({ id, email: `u${id}@kontor.test`, companyId: 1, companyRole: 'Admin', isActive, tokenVersion: 0 });

/** A cache and a reader that counts its reads of the database. */
function setup(listening = true) {
  let clock = 1_000_000;
  const cache = new KnownUsers(() => clock);
  cache.listening(listening);
  const reads: number[] = [];
  const read = async (id: number) => {
    reads.push(id);
    return user(id);
  };
  return { cache, reads, read, tick: (ms: number) => (clock += ms) };
}

describe('KnownUsers', () => {
  it('reads a user once while the change notifications are heard', async () => {
    const { cache, reads, read } = setup();
    expect(await cache.get(7, read)).toEqual(user(7));
    expect(await cache.get(7, read)).toEqual(user(7));
    expect(reads).toEqual([7]);
    cache.close();
  });

  it('reads the user again after a notification of it, or of every user', async () => {
    const { cache, reads, read } = setup();
    await cache.get(7, read);
    await cache.get(8, read);
    cache.changed('7');
    await cache.get(7, read);
    await cache.get(8, read);
    expect(reads).toEqual([7, 8, 7]);
    cache.changed('*');
    await cache.get(8, read);
    expect(reads).toEqual([7, 8, 7, 8]);
    cache.close();
  });

  it('keeps no one while the notifications may be missed, and forgets everyone when they were', async () => {
    const { cache, reads, read } = setup(false);
    await cache.get(7, read);
    await cache.get(7, read);
    expect(reads).toEqual([7, 7]);
    cache.listening(true);
    await cache.get(7, read);
    await cache.get(7, read);
    cache.listening(false);
    await cache.get(7, read);
    expect(reads).toEqual([7, 7, 7, 7]);
    cache.close();
  });

  it('does not keep a user read while a change was heard: the read may predate the change', async () => {
    const { cache } = setup();
    let reads = 0;
    const racing = async (id: number) => {
      reads += 1;
      // The deactivation commits and is heard while this read (of the row before it) is on its way.
      if (reads === 1) cache.changed(String(id));
      return user(id, reads > 1 ? false : true);
    };
    expect((await cache.get(7, racing))!.isActive).toBe(true);
    expect((await cache.get(7, racing))!.isActive).toBe(false);
    expect(reads).toBe(2);
    cache.close();
  });

  it('does not keep a user this process is changing until the change is heard committed', async () => {
    const { cache, reads, read, tick } = setup();
    await cache.get(7, read);
    // A deactivation is being written here: reads until it commits see the row as it was, and none is kept.
    forgetKnownUser(7);
    await cache.get(7, read);
    await cache.get(7, read);
    expect(reads).toEqual([7, 7, 7]);
    // The commit's notification: the next read is kept again.
    cache.changed('7');
    await cache.get(7, read);
    await cache.get(7, read);
    expect(reads).toEqual([7, 7, 7, 7]);
    // A change that rolled back is never heard: after the maximum age its user is kept again.
    forgetKnownUser(8);
    tick(KNOWN_USER_MAX_AGE_MS);
    await cache.get(8, read);
    await cache.get(8, read);
    expect(reads.filter((id) => id === 8)).toEqual([8]);
    cache.close();
  });

  it('reads a user again after the maximum age, and forgetKnownUser reaches every cache of the process', async () => {
    const { cache, reads, read, tick } = setup();
    await cache.get(7, read);
    tick(KNOWN_USER_MAX_AGE_MS - 1);
    await cache.get(7, read);
    tick(1);
    await cache.get(7, read);
    expect(reads).toEqual([7, 7]);
    const other = setup();
    await other.cache.get(7, other.read);
    forgetKnownUser(7);
    await cache.get(7, read);
    await other.cache.get(7, other.read);
    expect(reads).toEqual([7, 7, 7]);
    expect(other.reads).toEqual([7, 7]);
    cache.close();
    other.cache.close();
  });
});
