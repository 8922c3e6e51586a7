/**
 * A DATABASE_URL as postgres.js takes it. The URL may name a Unix socket the way libpq does,
 * `postgres://user@localhost/db?host=/var/run/postgresql` (the socket's folder): with PostgreSQL
 * on the same machine that spares every statement the loopback TCP stack (docs/benchmarks/betting.md
 * "Conclusions"). postgres.js would send an unknown `host` parameter to the server as a setting.
 */
export function postgresTarget(databaseUrl: string): { url: string; host?: string } {
  const url = new URL(databaseUrl);
  const socketFolder = url.searchParams.get('host');
  if (!socketFolder?.startsWith('/')) return { url: databaseUrl };
  url.searchParams.delete('host');
  return { url: url.toString(), host: socketFolder };
}
