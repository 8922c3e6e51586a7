/** The SQL functions of one module's folder: each `.sql` file holds one CREATE OR REPLACE FUNCTION. */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The statements of every `.sql` file in `folder` (a file URL), by name. */
export function sqlFiles(folder: URL): string[] {
  const path = fileURLToPath(folder);
  return readdirSync(path)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(join(path, name), 'utf8'));
}
