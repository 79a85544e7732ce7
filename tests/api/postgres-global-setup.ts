/**
 * Global setup of the `api` test project (vitest.config.ts): the API suites run on PGlite and on PostgreSQL.
 * With TEST_DATABASE_URL set (CI sets it when a server answers on loopback, see .ci/run), that server is used.
 * Otherwise a throwaway embedded PostgreSQL serves this run, and TEST_DATABASE_URL names it: vitest builds each
 * worker's environment from process.env after the global setup has run, so the suites, the harness and the API
 * processes that scale-out.test.ts starts read the one variable, whoever started the server.
 */
import { startEmbeddedPostgres } from '../../scripts/embedded-postgres.ts';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const server = await startEmbeddedPostgres();
  process.env.TEST_DATABASE_URL = server.url;
  console.log(
    `API tests: embedded PostgreSQL on ${new URL(server.url).host}, ready in ${Math.round(server.startupMs)} ms`,
  );
  return async () => {
    delete process.env.TEST_DATABASE_URL;
    await server.stop();
  };
}
