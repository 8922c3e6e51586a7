/**
 * The game's database, as the composition root opens it: db/client.ts's connection and migrations,
 * with the SQL functions of src/server/betting/ and src/server/chat/ applied after them. db/ knows
 * nothing of betting or the chat.
 */

import { bettingFunctions } from './betting/functions';
import { connectDatabase, type Database, type DatabasePlace } from './db/client';
import { sqlFiles } from './db/sqlFiles';

/** Opens the database at `place`, migrated and with the betting and chat functions in force. */
export function openDatabase(place: DatabasePlace): Promise<Database> {
  const functions = [...bettingFunctions(), ...sqlFiles(new URL('./chat/', import.meta.url))];
  return connectDatabase({ ...place, functions });
}
