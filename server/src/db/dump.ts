import { execFile, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { onFirstUse } from '#server/lib/on-first-use.ts';

// A backup runs a few times a day at most: its tools load then (decision 076).
const loadPgDump = onFirstUse(
  async () => (await import('@electric-sql/pglite-tools/pg_dump')).pgDump,
);
const loadPg = onFirstUse(async () => (await import('pg')).default);

/**
 * Plain SQL of the whole database in pg_dump's INSERT format (decision 034):
 * loadable by psql, by `pg` as one simple query and by PGlite's exec. Owners
 * and grants are left out, so any role that may create tables can load it.
 */
const DUMP_ARGS = ['--no-owner', '--no-privileges'];

/**
 * PGlite's WebAssembly pg_dump, on the shop's own connection. Once loaded it
 * runs synchronously: requests wait while it reads the tables, and nothing
 * else can run inside its snapshot.
 */
export async function dumpPglite(client: PGlite): Promise<Readable> {
  const pgDump = await loadPgDump();
  const file = await pgDump({ pg: endingItsTransaction(client), args: DUMP_ARGS });
  return Readable.from(Buffer.from(await file.arrayBuffer())).pipe(compatibleSql());
}

type RawStream = PGlite['execProtocolRawStream'];

/** The wire protocol's Terminate message starts with 'X'. */
const TERMINATE = 0x58;

/**
 * pg_dump opens a read-only repeatable-read transaction and ends it by
 * closing its connection; on PGlite the connection is the shop's and stays
 * open, so the shop's next writes would fail in that read-only transaction
 * (pglite-tools 0.4.8). Its Terminate becomes a ROLLBACK, sent at the same
 * synchronous moment, before any other query can run.
 */
function endingItsTransaction(client: PGlite): PGlite {
  const execProtocolRawStream: RawStream = (message, options) =>
    message[0] === TERMINATE
      ? client.execProtocolRawStream(simpleQuery('ROLLBACK'), options)
      : client.execProtocolRawStream(message, options);
  return new Proxy(client, {
    get(target, property) {
      if (property === 'execProtocolRawStream') return execProtocolRawStream;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A Query message of the wire protocol: 'Q', its length, the SQL and a zero byte. */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/**
 * The server's own pg_dump binary (one repeatable-read snapshot, so writes go
 * on), the newest one installed, which must be at least the server's major
 * version: pg_dump refuses newer servers.
 */
export async function dumpPostgres(connectionString: string): Promise<Readable> {
  const binary = await findPgDump(await serverMajorVersion(connectionString));
  const child = spawn(binary, [...DUMP_ARGS, '--inserts', '--dbname', connectionString], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const output = child.stdout.pipe(compatibleSql());
  child.on('error', (error) => output.destroy(error));
  child.on('close', (code) => {
    if (code !== 0) output.destroy(new Error(`pg_dump failed (exit ${code}): ${errors.trim()}`));
  });
  return output;
}

const PG_DUMP_FOLDERS = '/usr/lib/postgresql';

async function findPgDump(serverMajor: number): Promise<string> {
  const candidates = ['pg_dump'];
  try {
    for (const version of readdirSync(PG_DUMP_FOLDERS)) {
      candidates.push(join(PG_DUMP_FOLDERS, version, 'bin', 'pg_dump'));
    }
  } catch {
    // Not Debian's layout: pg_dump on the PATH is all there is.
  }
  const found: { binary: string; major: number }[] = [];
  for (const binary of candidates) {
    const major = await pgDumpMajorVersion(binary);
    if (major !== undefined) found.push({ binary, major });
  }
  const usable = found.filter((tool) => tool.major >= serverMajor);
  usable.sort((a, b) => b.major - a.major);
  const [best] = usable;
  if (!best) {
    const seen = found.map((tool) => `${tool.binary} (${tool.major})`).join(', ') || 'none';
    throw new Error(
      `A backup on PostgreSQL ${serverMajor} needs pg_dump ${serverMajor} or newer ` +
        `(install the PostgreSQL client tools); found: ${seen}`,
    );
  }
  return best.binary;
}

async function pgDumpMajorVersion(binary: string): Promise<number | undefined> {
  try {
    const { stdout } = await promisify(execFile)(binary, ['--version']);
    const major = /\s(\d+)(\.\d+)?/.exec(stdout)?.[1];
    return major ? Number(major) : undefined;
  } catch {
    return undefined;
  }
}

async function serverMajorVersion(connectionString: string): Promise<number> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const result = await client.query<{ version: string }>(
      "select current_setting('server_version_num') as version",
    );
    return Math.floor(Number(result.rows[0]?.version) / 10_000);
  } finally {
    await client.end();
  }
}

/**
 * Lines a newer pg_dump writes in its header that older servers or psql
 * reject, and that a restore does without: PostgreSQL 17's
 * `transaction_timeout` setting, and the `\restrict KEY` guard psql alone
 * understands (`pg` and PGlite's exec would send it as SQL).
 */
const INCOMPATIBLE_HEADER_LINES = [/^SET transaction_timeout = /, /^\\restrict \w+$/];

/** Lines of pg_dump's header: settings and comments, before the first object. */
const HEADER_LINE = /^(--.*|SET .*|SELECT pg_catalog\.set_config\(.*|\\restrict \w+|)$/;

/**
 * Drops the incompatible lines of the header and the `\unrestrict KEY` that
 * closes a `\restrict KEY`, and nothing else: the same text inside a row's
 * data (a message quoting it) stays as it is.
 */
export function compatibleSql(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let inHeader = true;
  let unrestrict: string | undefined;
  const keep = (line: string): boolean => {
    if (inHeader && !HEADER_LINE.test(line)) inHeader = false;
    if (!inHeader) return line !== unrestrict;
    const restrictKey = /^\\restrict (\w+)$/.exec(line)?.[1];
    if (restrictKey) unrestrict = `\\unrestrict ${restrictKey}`;
    return !INCOMPATIBLE_HEADER_LINES.some((pattern) => pattern.test(line));
  };
  const kept = (lines: string[]) =>
    lines
      .filter(keep)
      .map((line) => `${line}\n`)
      .join('');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = (pending + decoder.write(chunk)).split('\n');
      pending = lines.pop() ?? '';
      done(null, kept(lines));
    },
    flush(done) {
      const rest = pending + decoder.end();
      done(null, rest === '' ? '' : kept([rest]).slice(0, -1));
    },
  });
}
