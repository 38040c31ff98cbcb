#!/usr/bin/env node
// The first step of `npm test`: makes sure the programs the tests drive for real are here,
// Debian's Chromium (browser and end-to-end tests), PostgreSQL's server binaries (the store
// tests start their own private server) and a WordPress with MariaDB and PHP (the WordPress
// plugin's test, docs/wordpress.md, starts its own private site). npm cannot bring any of them on
// this platform: Chromium must come from Debian anyway, so one apt-get call provisions all.
//
// As root with apt-get: installs what is missing (`--upgrade` also upgrades Chromium to Debian's
// current build, which is what a fresh machine gets; `.ci/run` passes it). Otherwise: one line
// per missing program with the exact command, and exit status 1.
// Prints the versions the tests will use, so a test log says which Chromium it ran against.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const upgrade = process.argv.includes('--upgrade');
const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

/** Chromium's executable: `CHROME_PATH`, else Debian's. */
const chromePath = () => process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The newest `/usr/lib/postgresql/<n>/bin` holding `initdb`, or `PG_BIN`, or undefined. */
function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(root, versions.at(-1), 'bin') : undefined;
}

function apt(args) {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
}

/**
 * The WordPress test's Debian packages, each with the file that shows it is installed. Installed
 * without their recommendations (a web server's and a database server's services are not wanted;
 * the test serves with `php -S` and starts its own `mariadbd`), the default theme named instead.
 */
const WORDPRESS_PACKAGES = [
  ['wordpress', '/usr/share/wordpress/wp-load.php'],
  ['wordpress-theme-twentytwentythree', '/usr/share/wordpress/wp-content/themes/twentytwentythree'],
  ['mariadb-server-core', '/usr/sbin/mariadbd'],
  ['php-cli', '/usr/bin/php'],
  ['php-mysql', '/etc/php/8.2/mods-available/mysqli.ini'],
  ['php-xml', '/etc/php/8.2/mods-available/dom.ini'],
  ['php-mbstring', '/etc/php/8.2/mods-available/mbstring.ini'],
  ['php-curl', '/etc/php/8.2/mods-available/curl.ini'],
  // Not the test's: `npm run build:wordpress` zips the plugin with it.
  ['zip', '/usr/bin/zip'],
  // Not WordPress's: the calendar files' tests read them with an implementation not ours.
  ['python3-icalendar', '/usr/lib/python3/dist-packages/icalendar/__init__.py'],
];

const missing = [];
if (!existsSync(chromePath())) missing.push('chromium');
if (!postgresBin()) missing.push('postgresql');
const missingWordPress = WORDPRESS_PACKAGES.filter(([, file]) => !existsSync(file)).map(
  ([name]) => name,
);

if ((missing.length || missingWordPress.length || upgrade) && isRoot && hasApt) {
  const all = [...missing, ...missingWordPress];
  console.log(`provision: apt-get ${all.length ? `install ${all.join(' ')}` : 'update'}…`);
  apt(['update', '-qq']);
  if (missing.length) apt(['install', '-y', '-qq', ...missing]);
  if (missingWordPress.length)
    apt(['install', '-y', '-qq', '--no-install-recommends', ...missingWordPress]);
  // Only where Debian's Chromium is installed: a CHROME_PATH browser is the caller's choice.
  if (upgrade && !process.env.CHROME_PATH)
    apt(['install', '-y', '-qq', '--only-upgrade', 'chromium']);
}

let failed = false;
if (existsSync(chromePath())) {
  const version = execFileSync(chromePath(), ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  console.log(`provision: ${version.trim()} (${chromePath()})`);
} else {
  failed = true;
  console.error(
    'provision: Chromium not found: run `sudo apt-get install -y chromium` (Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome executable.',
  );
}
const pgBin = postgresBin();
if (pgBin) {
  const version = execFileSync(join(pgBin, 'postgres'), ['--version'], { encoding: 'utf8' });
  console.log(`provision: ${version.trim()} (${pgBin})`);
} else {
  failed = true;
  console.error(
    'provision: PostgreSQL server not found: run `sudo apt-get install -y postgresql` (Debian/Ubuntu), or set PG_BIN to the folder holding initdb and pg_ctl.',
  );
}
const wordpressGone = WORDPRESS_PACKAGES.filter(([, file]) => !existsSync(file));
if (wordpressGone.length) {
  failed = true;
  const names = wordpressGone.map(([name]) => name).join(' ');
  console.error(
    `provision: WordPress test packages not found: run \`sudo apt-get install -y --no-install-recommends ${names}\` (Debian 12).`,
  );
} else {
  const version = (pkg) =>
    execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).trim();
  const php = execFileSync('php', ['-r', 'echo PHP_VERSION;'], { encoding: 'utf8' }).trim();
  console.log(
    `provision: WordPress ${version('wordpress')}, MariaDB ${version('mariadb-server-core')}, PHP ${php}`,
  );
}
process.exit(failed ? 1 : 0);
