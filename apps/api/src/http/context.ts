import type { Db } from '../db/client.js';

/** Who is asking, for which company. Every service call is scoped by it. */
export type Ctx = {
  db: Db;
  /** For the long list reads only: a read replica when READ_DATABASE_URL is set (Database.readDb). */
  readDb: Db;
  user: { id: number; email: string; companyId: number; companyRole: 'Admin' | 'Staff' };
};
