/**
 * Before the browser suite: find Chromium (CHROME_PATH, default /usr/bin/chromium). On a Debian machine
 * where we run as root, install Debian's package when it is missing; otherwise stop with a clear message.
 * The browser tests never download a browser of their own.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

if (!executable(chrome)) {
  const debian = existsSync('/etc/debian_version');
  const root = process.getuid?.() === 0;
  if (debian && root && !process.env.CHROME_PATH) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    if (
      !run('apt-get', ['update', '-qq']) ||
      !run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core'])
    ) {
      console.error('Installing chromium with apt-get failed.');
      process.exit(1);
    }
  }
  if (!executable(chrome)) {
    console.error(
      `No Chromium at ${chrome}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
    process.exit(1);
  }
}
const version = spawnSync(chrome, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`Browser tests use ${version || chrome}`);
