#!/usr/bin/env node
// Makes sure PostgreSQL and Redis answer at the configured URLs and the database exists.
// Starts them when installed but stopped; installs them with apt-get when missing and running as root;
// otherwise prints the exact command to run. With --test it prepares the test database instead.
// Plain Node (no dependencies beyond `pg`), so it runs before the TypeScript build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';

const forTest = process.argv.includes('--test');
const env = { ...readDotEnv(), ...process.env };
const DEFAULT_DB = forTest ? 'postgres://postgres@127.0.0.1:5432/edform_test' : 'postgres://postgres@127.0.0.1:5432/edform';
// An empty variable (`TEST_REDIS_URL=` in .env) means unset, as for the service's own settings.
const setting = (name, fallback) => (env[name] ? env[name] : fallback);
const databaseUrl = forTest ? setting('TEST_DATABASE_URL', DEFAULT_DB) : setting('DATABASE_URL', DEFAULT_DB);
const redisUrl = forTest
  ? setting('TEST_REDIS_URL', 'redis://127.0.0.1:6379/1')
  : setting('REDIS_URL', 'redis://127.0.0.1:6379/0');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function readDotEnv() {
  if (!existsSync('.env')) return {};
  const out = {};
  for (const line of readFileSync('.env', 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^["']|["']$/g, '');
  }
  return out;
}

function say(message) {
  process.stdout.write(`[setup] ${message}\n`);
}

function fail(message) {
  process.stderr.write(`[setup] ${message}\n`);
  process.exit(1);
}

function reachable(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitFor(host, port, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await reachable(host, port, 250)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function run(command) {
  say(`$ ${command}`);
  return spawnSync('bash', ['-c', command], { stdio: 'inherit' }).status === 0;
}

function has(binary) {
  return spawnSync('bash', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
}

function isLocal(host) {
  return ['127.0.0.1', 'localhost', '::1'].includes(host);
}

function aptInstall(packages) {
  if (!isRoot || !has('apt-get')) return false;
  say(`installing ${packages} with apt-get (log: /tmp/edform-apt.log)`);
  return (
    spawnSync(
      'bash',
      ['-c', `(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages}) >/tmp/edform-apt.log 2>&1`],
      { stdio: 'inherit' },
    ).status === 0
  );
}

async function ensurePostgres(url) {
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 5432);
  if (await reachable(host, port)) return;
  if (!isLocal(host)) fail(`PostgreSQL at ${host}:${port} does not answer; start it or fix DATABASE_URL`);
  const clusters = () => (existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : []);
  if (clusters().length === 0 && !aptInstall('postgresql')) {
    fail('PostgreSQL is not installed. Run: sudo apt-get install -y postgresql (or point DATABASE_URL at a server)');
  }
  const version = clusters()[0];
  const start = `pg_ctlcluster --skip-systemctl-redirect ${version} main start`;
  if (!isRoot) fail(`PostgreSQL is stopped. Run: sudo ${start}`);
  run(start);
  if (!(await waitFor(host, port, 20))) fail(`PostgreSQL did not start on ${host}:${port}; try: ${start}`);
}

async function ensureRedis(url) {
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 6379);
  if (await reachable(host, port)) return;
  if (!isLocal(host)) fail(`Redis at ${host}:${port} does not answer; start it or fix REDIS_URL`);
  if (!has('redis-server') && !aptInstall('redis-server')) {
    fail('Redis is not installed. Run: sudo apt-get install -y redis-server');
  }
  const start = `redis-server --daemonize yes --bind 127.0.0.1 --port ${port} --save "" --appendonly no`;
  run(start);
  if (!(await waitFor(host, port, 10))) fail(`Redis did not start on ${host}:${port}; try: ${start}`);
}

async function ensureDatabase(url) {
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      say(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** The browser tests drive Debian's chromium; never a downloaded browser build. */
function ensureTestTools() {
  const missing = [
    ['chromium', 'chromium'],
    ['qpdf', 'qpdf'],
    ['pdftotext', 'poppler-utils'],
  ].filter(([bin]) => !has(bin));
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg).join(' ');
  if (!aptInstall(packages)) fail(`missing test tools. Run: sudo apt-get install -y ${packages}`);
}

/**
 * Scanned forms are read by Debian's tesseract (English and Spanish data, orientation detection) on pages
 * rasterized by poppler's pdftoppm: the service needs them, not only the tests. Without them scanned pages get a
 * review reason instead of fields.
 */
function ensureOcrTools() {
  const missing = [
    ['pdftoppm', 'poppler-utils'],
    ['tesseract', 'tesseract-ocr'],
  ].filter(([bin]) => !has(bin));
  const data = ['eng', 'spa', 'osd'].filter((lang) => !hasTessdata(lang)).map((lang) => `tesseract-ocr-${lang}`);
  const packages = [...missing.map(([, pkg]) => pkg), ...data].join(' ');
  if (packages === '') return;
  if (!aptInstall(packages)) say(`OCR of scanned forms is off until installed: sudo apt-get install -y ${packages}`);
}

function hasTessdata(lang) {
  const listed = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  return `${listed.stdout ?? ''}\n${listed.stderr ?? ''}`.split('\n').map((l) => l.trim()).includes(lang);
}

try {
  const db = new URL(databaseUrl);
  await ensurePostgres(db);
  await ensureRedis(new URL(redisUrl));
  await ensureDatabase(db);
  ensureOcrTools();
  if (forTest) ensureTestTools();
  say(`PostgreSQL and Redis ready (${db.pathname.slice(1)})`);
} catch (error) {
  fail(`service set-up failed: ${error?.message ?? error}`);
}
