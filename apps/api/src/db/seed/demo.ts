import { count } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { users } from '../schema/index.js';
import { demoRegister } from '../../modules/auth/auth.service.js';

export const DEMO_LOGIN = { email: 'demo@kontor.test', password: 'kontor-demo-2026' } as const;

/**
 * Creates the demo company and its Admin user through the same path a registering
 * operator takes, so the demo shows exactly what a new account gets. Does nothing when
 * the database already has users. Returns whether it created the demo.
 */
export async function seedDemo(deps: AppDeps): Promise<boolean> {
  const [row] = await deps.database.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await demoRegister(deps, {
    account: {
      first_name: 'Demo',
      last_name: 'Operator',
      email: DEMO_LOGIN.email,
      phonenumber: '+46 8 123 456',
      role: 'business',
      password: DEMO_LOGIN.password,
      password2: DEMO_LOGIN.password,
      company_name: 'Demo Shop AB',
      category: 'Home & Garden',
    },
    company: { name: 'Demo Shop AB', country: 'Sweden', url: 'https://shop.example.com', role: 'Admin', platform: 'WooCommerce', agreed_to_terms: true },
  });
  return true;
}
