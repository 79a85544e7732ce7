import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { SessionStore } from '../auth/sessions.ts';
import type { Throttle } from '../auth/throttle.ts';

/** What every API handler can reach. */
export interface ApiDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  sessions: SessionStore;
  throttle: Throttle;
  trustProxy: boolean;
}

export interface ApiEnv {
  Variables: {
    deps: ApiDeps;
    /** The logged-in user, when the request carries a live session. */
    userGuid: string | undefined;
    sessionId: string | undefined;
  };
}
