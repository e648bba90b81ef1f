// Finds the system Chromium for the browser tests: CHROMIUM_PATH, else /usr/bin/chromium.
// When absent it installs Debian's `chromium` if it can (root with apt); otherwise it stops
// with a one-line instruction. It never downloads a browser of its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const isExecutable = (p) => {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (isExecutable(wanted)) return wanted;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH=${wanted} is not an executable file. Point it at a Chromium binary, or unset it.`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error("Chromium not found: install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.");
  }
  console.log("Chromium not found: installing Debian's chromium package...");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!isExecutable(wanted)) throw new Error('Installing chromium did not provide /usr/bin/chromium; set CHROMIUM_PATH.');
  return wanted;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
