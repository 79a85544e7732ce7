import { join } from 'node:path';
import { z } from 'zod';

const ROOT = join(import.meta.dirname, '..');

/** The server's configuration, parsed once from the environment. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  BRAND: z.enum(['shipbox', 'mailbridge']).default('shipbox'),
  /** Folder of the built site; default dist/<BRAND>. */
  DIST_DIR: z.string().optional(),
  /** PGlite's folder, or `memory://`; ignored when DATABASE_URL is set. */
  DATA_DIR: z.string().min(1).default(join(ROOT, '.data')),
  /** postgres://… switches to PostgreSQL. */
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  /** Seed the demo data into an empty database. */
  SEED_DEMO_DATA: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-Proto from a proxy in front (HTTPS detection for HSTS and cookies). */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
});

export type Env = z.infer<typeof envSchema> & { distDir: string };

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = result.data;
  return { ...env, distDir: env.DIST_DIR ?? join(ROOT, 'dist', env.BRAND) };
}
