import type { Db } from '../db/client.js';

/** Who is asking, for which company. Every service call is scoped by it. */
export type Ctx = {
  db: Db;
  user: { id: number; email: string; companyId: number; companyRole: 'Admin' | 'Staff' };
};
