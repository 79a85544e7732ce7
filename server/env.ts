import { join, resolve } from 'node:path';
import { z } from 'zod';
import { vapidProblem, type VapidKeys } from './push/vapid.ts';
import { pushServiceHostsFrom, type PushServiceHosts } from './push/push-endpoints.ts';

const ROOT = join(import.meta.dirname, '..');

/** A setting that may be left out or empty (unset). */
const optionalSetting = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

/** The server's configuration, parsed once from the environment. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  BRAND: z.enum(['shipbox', 'mailbridge']).default('shipbox'),
  /** Folder of the built site; default dist/<BRAND>. */
  DIST_DIR: z.string().optional(),
  /** PGlite's folder, or `memory://`; ignored when DATABASE_URL is set. */
  DATA_DIR: z.string().min(1).default(join(ROOT, '.data')),
  /**
   * Folder of uploaded files, outside the web root; default <DATA_DIR>/uploads, or a temp folder removed at
   * shutdown when DATA_DIR is `memory://`. Every API process must see the same folder.
   */
  UPLOAD_DIR: z.string().min(1).optional(),
  /** postgres://… switches to PostgreSQL. */
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  /** Connections of each process's PostgreSQL pool: processes × this must stay under the server's max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** Connections each process pipelines its prepared reads on, beside its pool (docs/decisions/048); 0 for none. */
  DATABASE_PIPELINES: z.coerce.number().int().min(0).max(16).default(2),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  /** Seed the demo data into an empty database. */
  /** '1' seeds the demo accounts (known password) into an empty database; default on unless NODE_ENV=production. */
  SEED_DEMO_DATA: z.enum(['0', '1', 'true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-Proto from a proxy in front (HTTPS detection for HSTS and cookies). */
  /**
   * With TRUST_PROXY: how many proxies in front each append the caller's address to X-Forwarded-For (a CDN and
   * a load balancer: 2). The visitor's address is read that many entries from the right.
   */
  PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * The header in which the network edge in front (CDN, load balancer) gives the visitor's country as an ISO code,
   * read only when TRUST_PROXY is on. Without it, the offline IP database (server/geo) answers by the client's address.
   */
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
    .default('cf-ipcountry')
    .transform((v) => v.toLowerCase()),
  /** smtp://user:pass@host:port or smtps://…: deliver e-mails through it. Without it, the outbox table is the mailbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender of the e-mails; default no-reply@<BRAND>.example. */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * The site's origin for links in e-mails (https://www.shipbox.example). Without it, the request's origin is
   * used, which a client can forge through the Host header: set it wherever strangers can reach the server.
   */
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .transform((v) => new URL(v).origin)
    .optional(),
  /** A what3words API key: three-word addresses then come from what3words instead of the embedded encoding. */
  W3W_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Base URL of the what3words API; default https://api.what3words.com/v3/. */
  W3W_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * A routing server for the office locator's directions (http://host:port, or with a path prefix): the routes
   * then follow roads. Without it, directions are direct-line estimates, marked as such (docs/decisions/020).
   */
  ROUTING_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The kind of server at ROUTING_URL: `osrm` (foot and car; no public transport) or `valhalla` (every mode). */
  ROUTING_ENGINE: z.enum(['osrm', 'valhalla']).default('osrm'),
  /**
   * Seconds between SIGTERM and closing the port, while GET /api/health/ready answers 503 and requests are still
   * served, so a load balancer stops sending new ones first; default 5 with NODE_ENV=production, else 0.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(300).optional(),
  /** Seconds the requests in flight get to finish once the port is closed; then the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /**
   * Seconds between two rounds of the package alerts (arrived, storage ending, held for charges) in this process;
   * 0 turns them off here. Any number of processes may run them (docs/decisions/034).
   */
  ALERTS_INTERVAL_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  /**
   * The key the second step's secrets (TOTP) are stored encrypted with: a long random string, the same in every API
   * process (`openssl rand -base64 32`). Required with NODE_ENV=production; elsewhere a fixed development key.
   */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters (openssl rand -base64 32)'),
  /**
   * The VAPID key pair Web Push messages are signed with (base64url, as `npx web-push generate-vapid-keys` prints
   * them) and the contact the push services may write to (`mailto:` or `https:`): the same in every API process.
   * Required with NODE_ENV=production; elsewhere a fixed development pair (server/push/vapid.ts).
   */
  VAPID_PUBLIC_KEY: optionalSetting,
  VAPID_PRIVATE_KEY: optionalSetting,
  VAPID_SUBJECT: optionalSetting,
  /**
   * Host names (a leading dot: any host under it) of the push services whose endpoints the browsers' subscriptions
   * may name, comma-separated, or `*` for any http(s) endpoint. Default: the browsers' own push services with
   * NODE_ENV=production (server/push/push-endpoints.ts), else `*` (the tests' local push service).
   */
  PUSH_SERVICE_HOSTS: optionalSetting,
  /** '1' serves /dev/outbox; default on unless NODE_ENV=production. */
  DEV_TOOLS: z.enum(['0', '1', 'true', 'false']).optional(),
  /**
   * The folder of the site's content (articles and data files) the API reads and the editor writes; default
   * src/content. The site's build reads the same setting.
   */
  CONTENT_DIR: optionalSetting,
  /** '1' serves the content editor at /admin (docs/decisions/039); default: as DEV_TOOLS. */
  EDITOR: z.enum(['0', '1', 'true', 'false']).optional(),
  /**
   * Where the editor saves: `local` (the files of CONTENT_DIR in place, through decap-server's file system
   * middleware, with a publish action that rebuilds the site; development only) or a git host's backend
   * (`github`, `gitlab`, `gitea`, `bitbucket`, `azure`, `git-gateway`), which commits to EDITOR_REPO's
   * EDITOR_BRANCH for the deployment to build. Default: `local` unless NODE_ENV=production.
   */
  EDITOR_BACKEND: z.enum(['local', 'github', 'gitlab', 'gitea', 'bitbucket', 'azure', 'git-gateway']).optional(),
  /** The repository the git backend commits to (`owner/name`). */
  EDITOR_REPO: optionalSetting,
  /** The branch the git backend commits to; default main. */
  EDITOR_BRANCH: optionalSetting,
  /** The git host's API, when not the backend's default (a self-hosted GitLab or Gitea): an https URL. */
  EDITOR_API_ROOT: optionalSetting,
  /** The OAuth server that logs editors in to the git host (Decap's `base_url`): an https URL. */
  EDITOR_AUTH_URL: optionalSetting,
  NODE_ENV: z.string().optional(),
});

export type Env = Omit<
  z.infer<typeof envSchema>,
  | 'DEV_TOOLS'
  | 'MAIL_FROM'
  | 'SHUTDOWN_DELAY_SECONDS'
  | 'SEED_DEMO_DATA'
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
  | 'PUSH_SERVICE_HOSTS'
  | 'CONTENT_DIR'
  | 'EDITOR'
  | 'EDITOR_BACKEND'
  | 'EDITOR_REPO'
  | 'EDITOR_BRANCH'
  | 'EDITOR_API_ROOT'
  | 'EDITOR_AUTH_URL'
> & {
  /** The VAPID settings, all three; undefined when none is set (development's pair then, never in production). */
  vapid: VapidKeys | undefined;
  /** The push services' hosts a subscription's endpoint may name, or 'any'. */
  pushServiceHosts: PushServiceHosts;
  distDir: string;
  /** UPLOAD_DIR or its default; undefined: a temp folder (DATA_DIR is `memory://`). */
  uploadDir: string | undefined;
  DEV_TOOLS: boolean;
  /** The site's content folder (CONTENT_DIR or src/content). */
  contentDir: string;
  /** Whether the content is the repository's own (no CONTENT_DIR). */
  ownContent: boolean;
  /** The content editor's settings; undefined when it is off. */
  editor: EditorSettings | undefined;
  MAIL_FROM: string;
  SHUTDOWN_DELAY_SECONDS: number;
  SEED_DEMO_DATA: boolean;
};

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = result.data;
  const vapidSet = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter((v) => v !== undefined);
  let vapid: VapidKeys | undefined;
  if (vapidSet.length > 0) {
    if (vapidSet.length < 3) {
      throw new Error('Invalid configuration: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together');
    }
    vapid = { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY!, subject: env.VAPID_SUBJECT! };
    const problem = vapidProblem(vapid);
    if (problem) throw new Error(`Invalid configuration: ${problem}`);
  }
  const production = env.NODE_ENV === 'production';
  const devTools = env.DEV_TOOLS === undefined ? !production : env.DEV_TOOLS === '1' || env.DEV_TOOLS === 'true';
  return {
    ...env,
    contentDir: env.CONTENT_DIR ? resolve(env.CONTENT_DIR) : join(ROOT, 'src', 'content'),
    ownContent: env.CONTENT_DIR === undefined,
    editor: editorSettings(env, devTools, production),
    vapid,
    pushServiceHosts: pushServiceHostsFrom(env.PUSH_SERVICE_HOSTS, env.NODE_ENV === 'production'),
    distDir: env.DIST_DIR ?? join(ROOT, 'dist', env.BRAND),
    uploadDir: env.UPLOAD_DIR ?? (env.DATA_DIR.startsWith('memory://') ? undefined : join(env.DATA_DIR, 'uploads')),
    MAIL_FROM: env.MAIL_FROM ?? `no-reply@${env.BRAND}.example`,
    SHUTDOWN_DELAY_SECONDS: env.SHUTDOWN_DELAY_SECONDS ?? (env.NODE_ENV === 'production' ? 5 : 0),
    SEED_DEMO_DATA:
      env.SEED_DEMO_DATA === undefined
        ? env.NODE_ENV !== 'production'
        : env.SEED_DEMO_DATA === '1' || env.SEED_DEMO_DATA === 'true',
    DEV_TOOLS: devTools,
  };
}

/** The content editor's settings (docs/decisions/039). */
export type EditorSettings =
  | { backend: 'local' }
  | {
      backend: Exclude<NonNullable<z.infer<typeof envSchema>['EDITOR_BACKEND']>, 'local'>;
      repo: string;
      branch: string;
      apiRoot: string | undefined;
      authUrl: string | undefined;
    };

const httpsUrl = (name: string, value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid configuration: ${name} must be a URL`);
  }
  if (url.protocol !== 'https:') throw new Error(`Invalid configuration: ${name} must be an https URL`);
  return url.href.replace(/\/$/, '');
};

function editorSettings(
  env: z.infer<typeof envSchema>,
  devTools: boolean,
  production: boolean,
): EditorSettings | undefined {
  const on = env.EDITOR === undefined ? devTools : env.EDITOR === '1' || env.EDITOR === 'true';
  if (!on) return undefined;
  const backend = env.EDITOR_BACKEND ?? (production ? undefined : 'local');
  if (backend === undefined) {
    throw new Error('Invalid configuration: with EDITOR on in production, set EDITOR_BACKEND to a git host');
  }
  if (backend === 'local') {
    // The local backend writes the server's own files, unauthenticated: a developer's machine only.
    if (production) throw new Error('Invalid configuration: EDITOR_BACKEND=local is for development only');
    return { backend };
  }
  if (!env.EDITOR_REPO || !/^[\w.-]+\/[\w./-]+$/.test(env.EDITOR_REPO)) {
    throw new Error('Invalid configuration: EDITOR_BACKEND needs EDITOR_REPO (owner/name)');
  }
  return {
    backend,
    repo: env.EDITOR_REPO,
    branch: env.EDITOR_BRANCH ?? 'main',
    apiRoot: httpsUrl('EDITOR_API_ROOT', env.EDITOR_API_ROOT),
    authUrl: httpsUrl('EDITOR_AUTH_URL', env.EDITOR_AUTH_URL),
  };
}
