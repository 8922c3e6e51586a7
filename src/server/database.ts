/**
 * The game's database, as the composition root opens it: db/client.ts's connection and migrations,
 * with the SQL functions of src/server/betting/ applied after them. db/ knows nothing of betting.
 */

import { bettingFunctions } from './betting/functions';
import { connectDatabase, type Database, type DatabasePlace } from './db/client';

/** Opens the database at `place`, migrated and with the betting functions in force. */
export function openDatabase(place: DatabasePlace): Promise<Database> {
  return connectDatabase({ ...place, functions: bettingFunctions() });
}
