// System packages the harness cannot get from npm: Debian's Chromium (the browser that drives the
// webview unit tests and the workbench), poppler-utils (the export test reads and renders the PDF
// Chromium prints) and, only for the one-time code-server install, a C++ toolchain and the Kerberos
// headers its native addons compile against. `npm test` checks them first: as root they are
// apt-installed; otherwise it stops before any test with the exact command.
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromiumPath } from './config';
import { runLogged } from './processes';

export function onPath(command: string): boolean {
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      // keep looking
    }
  }
  return false;
}

interface Need {
  apt: string;
  present: () => boolean;
  what: string;
}

const browserNeeds: Need[] = [
  { apt: 'chromium', present: () => existsSync(chromiumPath), what: `Chromium at ${chromiumPath}` },
  { apt: 'poppler-utils', present: () => onPath('pdftotext') && onPath('pdftoppm'), what: 'pdftotext and pdftoppm (poppler-utils)' },
];

const buildNeeds: Need[] = [
  { apt: 'libkrb5-dev', present: () => existsSync('/usr/include/gssapi/gssapi.h'), what: 'Kerberos headers (gssapi/gssapi.h)' },
  { apt: 'g++', present: () => onPath('g++'), what: 'a C++ compiler (g++)' },
  { apt: 'make', present: () => onPath('make'), what: 'make' },
  { apt: 'python3', present: () => onPath('python3'), what: 'python3 (node-gyp)' },
];

async function aptInstall(packages: readonly string[], logPath: string): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = ['install', '-y', '--no-install-recommends', ...packages];
  console.log(`[harness] apt-get ${install.join(' ')} (log: ${logPath})`);
  try {
    await runLogged('apt-get', install, { env, logPath });
  } catch {
    // A fresh machine or container often has no package lists yet.
    await runLogged('apt-get', ['update'], { env, logPath });
    await runLogged('apt-get', install, { env, logPath });
  }
}

/** Makes sure the browser (and, when `forInstall`, the build tools) are there. */
export async function ensureSystemPackages({ forInstall, logPath }: { forInstall: boolean; logPath: string }): Promise<void> {
  const needs = forInstall ? [...browserNeeds, ...buildNeeds] : browserNeeds;
  const missing = needs.filter((need) => !need.present());
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((need) => need.apt))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // LESSON_AGENT_NO_APT=1: root, but the machine is not ours to change (a shared host, a test).
  const noApt = process.env.LESSON_AGENT_NO_APT === '1';
  if (!isRoot || noApt || !onPath('apt-get')) {
    const lines = missing.map((need) => `  - ${need.what}`).join('\n');
    const why = !isRoot ? 'only root can install them' : noApt ? 'LESSON_AGENT_NO_APT=1 says not to install them' : 'apt-get is not available to install them';
    throw new Error(
      `The tests need system packages that are missing (${why}):\n${lines}\n` +
        `Install them (Debian/Ubuntu): sudo apt-get install -y ${packages.join(' ')}\n` +
        'Set LESSON_AGENT_CHROMIUM to use a Chromium installed elsewhere.',
    );
  }
  await aptInstall(packages, logPath);
  const still = needs.filter((need) => !need.present());
  if (still.length > 0) throw new Error(`Still missing after apt-get: ${still.map((n) => n.what).join(', ')}`);
}
