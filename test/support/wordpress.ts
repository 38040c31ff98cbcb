/**
 * A real WordPress for the plugin's tests (docs/wordpress.md "Tests"): Debian's `wordpress`
 * package copied to a temporary folder, its own MariaDB server on a Unix socket, PHP's built-in
 * server, the built plugin installed from its zip (`dist/wordpress/venue-events.zip`, `npm run
 * build:wordpress`) by WordPress's own plugin installer, as Plugins → Add New → Upload does.
 * One instance per test file; `close` ends every process it started, by its own id.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';

const run = promisify(execFile);

/** Debian's packages the instance needs (scripts/provision.mjs installs them). */
const NEEDED = ['/usr/share/wordpress/wp-load.php', '/usr/sbin/mariadbd', '/usr/bin/php'];
const PLUGIN_ZIP = 'dist/wordpress/venue-events.zip';

export interface WordPress {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  origin: string;
  /** Runs PHP with WordPress loaded (`wp-load.php`); its standard output. */
  php(code: string): Promise<string>;
  /** WordPress's debug log (WP_DEBUG_LOG) so far. */
  debugLog(): string;
  close(): Promise<void>;
}

/** A free loopback port (taken and given back: `php -S` takes no port 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once `check()` holds, polling; rejects with `what` after `tries` polls. */
async function until(check: () => Promise<boolean> | boolean, what: string, tries = 300) {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`WordPress test instance: ${what} did not happen`);
}

/** Ends `child` (and, with `group`, the process group it leads) and waits for its exit. */
async function stop(child: ChildProcess | undefined, group = false): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // php -S forks its workers (PHP_CLI_SERVER_WORKERS) into the group the master leads.
  process.kill(group ? -child.pid : child.pid, 'SIGTERM');
  await exited;
}

const isRoot = process.getuid?.() === 0;

/** Creates the data folder and starts `mariadbd` on `dir/db.sock`, networking off. */
async function startMariaDb(dir: string): Promise<ChildProcess> {
  const datadir = join(dir, 'db');
  const user = isRoot ? ['--user=root'] : [];
  await run('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${datadir}`,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
    ...user,
  ]);
  const child = spawn(
    'mariadbd',
    [
      '--no-defaults',
      `--datadir=${datadir}`,
      `--socket=${join(dir, 'db.sock')}`,
      `--pid-file=${join(dir, 'db.pid')}`,
      `--log-error=${join(dir, 'db.err')}`,
      '--skip-networking',
      '--innodb-buffer-pool-size=16M',
      // A test's database: nothing to keep across a crash, so no waiting on the disk.
      '--innodb-flush-log-at-trx-commit=0',
      '--innodb-doublewrite=0',
      ...user,
    ],
    { stdio: 'ignore' },
  );
  await until(() => existsSync(join(dir, 'db.sock')), 'mariadbd start');
  return child;
}

/**
 * `wp-config.php` of the instance: its socket, its origin, the debug log, no updates or cron, and
 * no request beyond loopback (WP_HTTP_BLOCK_EXTERNAL): the admin's update and browser checks would
 * otherwise wait on api.wordpress.org for as long as the machine's DNS takes to give up.
 */
function wpConfig(dir: string, origin: string): string {
  const salts = ['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE']
    .flatMap((k) => [`${k}_KEY`, `${k}_SALT`])
    .map((k) => `define('${k}', 'test ${k}');`)
    .join('\n');
  return `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:${join(dir, 'db.sock')}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('WP_HOME', '${origin}');
define('WP_SITEURL', '${origin}');
define('WP_DEBUG', true);
define('WP_DEBUG_LOG', '${join(dir, 'debug.log')}');
define('WP_DEBUG_DISPLAY', false);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('DISABLE_WP_CRON', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('FS_METHOD', 'direct');
${salts}
$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`;
}

/** php -S's router: files as they are, a folder's index.php, anything else WordPress's index.php. */
const ROUTER = `<?php
$root = $_SERVER['DOCUMENT_ROOT'];
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
$file = realpath($root . $path);
if ($file !== false && strpos($file, $root) === 0) {
  if (is_dir($file)) $file = rtrim($file, '/') . '/index.php';
  if (is_file($file) && substr($file, -4) !== '.php') return false;
  if (is_file($file)) { chdir(dirname($file)); require $file; return; }
}
chdir($root);
require $root . '/index.php';
`;

/** A must-use plugin: no update checks, which need WordPress.org (the machine has no network). */
const NO_UPDATES = `<?php
foreach (['_maybe_update_core', '_maybe_update_plugins', '_maybe_update_themes'] as $check) {
  remove_action('admin_init', $check);
}
`;

/** Creates the database and installs WordPress (the install form's work, without its form). */
const INSTALL = `
$db = new mysqli('localhost', 'root', '', null, 0, $argv[2]);
$db->query('CREATE DATABASE wordpress');
define('WP_INSTALLING', true);
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
function wp_new_blog_notification() {}
wp_install('Venue test site', 'admin', 'admin@example.org', false, '', 'admin-password');
// The plugin from its zip, through the installer of Plugins → Add New → Upload Plugin.
require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
WP_Filesystem();
$installed = (new Plugin_Upgrader(new Automatic_Upgrader_Skin()))->install($argv[3]);
if ($installed !== true) { fwrite(STDERR, 'plugin install failed'); exit(1); }
`;

/**
 * Starts the instance: MariaDB, WordPress copied and installed, the built plugin activated, then
 * `php -S` with 4 workers (WordPress requests itself, and a page waits on the events server).
 */
export async function startWordPress(): Promise<WordPress> {
  const absent = NEEDED.filter((file) => !existsSync(file));
  if (absent.length) {
    throw new Error(
      `WordPress test packages missing (${absent.join(', ')}): run node scripts/provision.mjs as root`,
    );
  }
  if (!existsSync(PLUGIN_ZIP)) {
    throw new Error('The plugin is not built: run npm run build:wordpress');
  }
  const dir = mkdtempSync(join(tmpdir(), 've-wordpress-'));
  const wp = join(dir, 'wp');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let db: ChildProcess | undefined;
  let server: ChildProcess | undefined;
  const close = async () => {
    await stop(server, true);
    await stop(db);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Debian's copy holds relative symbolic links into /usr/share: copied as files.
    const copied = cp('/usr/share/wordpress', wp, { recursive: true, dereference: true });
    db = await startMariaDb(dir);
    await copied;
    writeFileSync(join(wp, 'wp-config.php'), wpConfig(dir, origin));
    mkdirSync(join(wp, 'wp-content/mu-plugins'));
    writeFileSync(join(wp, 'wp-content/mu-plugins/no-updates.php'), NO_UPDATES);
    writeFileSync(join(dir, 'router.php'), ROUTER);
    writeFileSync(join(dir, 'install.php'), `<?php${INSTALL}`);
    await run('php', [join(dir, 'install.php'), wp, join(dir, 'db.sock'), resolve(PLUGIN_ZIP)]);
    server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', wp, join(dir, 'router.php')], {
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
      stdio: 'ignore',
      detached: true,
    });
    await until(
      async () => (await fetch(`${origin}/wp-login.php`).catch(() => null))?.ok === true,
      'php -S start',
    );
  } catch (error) {
    await close();
    throw error;
  }
  let scripts = 0;
  const php = async (code: string) => {
    const file = join(dir, `snippet-${++scripts}.php`);
    writeFileSync(
      file,
      `<?php\nrequire '${wp}/wp-load.php';\nrequire_once ABSPATH . 'wp-admin/includes/plugin.php';\n${code}\n`,
    );
    const { stdout } = await run('php', [file]);
    return stdout;
  };
  const debugLog = () =>
    existsSync(join(dir, 'debug.log')) ? readFileSync(join(dir, 'debug.log'), 'utf8') : '';
  return { origin, php, debugLog, close };
}

/** Logs `user` in to WordPress at `origin` in `page` (the login form, as a person would). */
export async function logIn(page: Page, origin: string, user: string, password: string) {
  await page.goto(`${origin}/wp-login.php`);
  await page.fill('#user_login', user);
  await page.fill('#user_pass', password);
  await Promise.all([page.waitForURL(/wp-admin/), page.click('#wp-submit')]);
}

/** The part of the block editor's `wp.data` that `openBlockEditor` uses. */
interface EditorData {
  select(store: 'core/edit-post'): { isFeatureActive(feature: string): boolean } | undefined;
  select(store: 'core/block-editor'): { getBlockCount(): number } | undefined;
  dispatch(store: 'core/edit-post'): { toggleFeature(feature: string): void };
}

/**
 * Opens the block editor of post `id` (logged in already) once its blocks are loaded, with its
 * welcome guide closed through the editor's own store, whether or not it has shown yet: pressing
 * Escape raced the guide's appearance, and a guide opened after it covered the block.
 */
export async function openBlockEditor(page: Page, origin: string, id: number): Promise<void> {
  await page.goto(`${origin}/wp-admin/post.php?post=${id}&action=edit`);
  await page.waitForFunction(
    () => {
      const data = (window as { wp?: { data?: EditorData } }).wp?.data;
      return (data?.select('core/block-editor')?.getBlockCount() ?? 0) > 0;
    },
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => {
    const data = (window as unknown as { wp: { data: EditorData } }).wp.data;
    if (data.select('core/edit-post')?.isFeatureActive('welcomeGuide'))
      data.dispatch('core/edit-post').toggleFeature('welcomeGuide');
  });
  await page.locator('.edit-post-welcome-guide').waitFor({ state: 'detached' });
}
