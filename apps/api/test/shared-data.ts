import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The real public data files tests use when present (never copied into the repository):
 * KONTOR_SHARED_DATA, else `shared/data` beside the repository, else the workplace's
 * /work/shared/data (where a clone elsewhere, e.g. CI's, still finds them).
 */
export function sharedDataFile(...parts: string[]): string | null {
  const roots = [process.env.KONTOR_SHARED_DATA, path.resolve(repoRoot, '../shared/data'), '/work/shared/data'].filter((root): root is string => Boolean(root));
  for (const root of roots) {
    const file = path.join(root, ...parts);
    if (existsSync(file)) return file;
  }
  return null;
}
