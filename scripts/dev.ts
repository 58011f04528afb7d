/**
 * `npm run dev`: the API server (tsx watch, restarts on change) and the Vite
 * dev server (proxies /api and /media to the API) side by side. Output is
 * forwarded with a [api] / [web] prefix; Ctrl-C, or either one stopping,
 * stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const tsxCli = require.resolve('tsx/cli');
const viteCli = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');

const useColour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const colour = (code: number, text: string) => (useColour ? `\x1b[${code}m${text}\x1b[0m` : text);

interface Task {
  name: string;
  colour: number;
  args: string[];
}

const TASKS: Task[] = [
  {
    name: 'api',
    colour: 36,
    args: [tsxCli, 'watch', '--clear-screen=false', 'server/src/server.ts'],
  },
  { name: 'web', colour: 35, args: [viteCli, '--config', 'web/vite.config.ts'] },
];

const children = new Map<string, ChildProcess>();
let stopping = false;
let exitCode = 0;

/** Forwards a stream line by line, each line prefixed with the task's name. */
function forward(stream: NodeJS.ReadableStream, out: NodeJS.WriteStream, prefix: string): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split(/\r?\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix} ${line}\n`);
  });
  stream.on('end', () => {
    if (pending) out.write(`${prefix} ${pending}\n`);
  });
}

function start(task: Task): void {
  // The children write to pipes, so they are told whether to colour (some libraries only check that FORCE_COLOR is set).
  const env = { ...process.env };
  // The API's log reaches a person through this pipe: readable lines, unless asked otherwise.
  if (process.stdout.isTTY) env.LOG_FORMAT ??= 'readable';
  if (useColour) env.FORCE_COLOR = '1';
  else {
    delete env.FORCE_COLOR;
    env.NO_COLOR = '1';
  }
  const child = spawn(process.execPath, task.args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = colour(task.colour, `[${task.name}]`);
  if (child.stdout) forward(child.stdout, process.stdout, prefix);
  if (child.stderr) forward(child.stderr, process.stderr, prefix);
  children.set(task.name, child);

  child.on('error', (error) => {
    process.stderr.write(`${prefix} could not start: ${error.message}\n`);
    exitCode = 1;
    stopAll();
  });
  child.on('exit', (code, signal) => {
    children.delete(task.name);
    if (!stopping) {
      process.stderr.write(
        `${prefix} stopped (${signal ?? `exit code ${code}`}); stopping the rest\n`,
      );
      exitCode = code ?? 1;
      stopAll();
    }
    if (children.size === 0) process.exit(exitCode);
  });
}

/** Asks every child to stop; the ones still running after 5 s are killed. */
function stopAll(): void {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    process.stdout.write(`\nStopping the API and web dev servers...\n`);
    stopAll();
  });
}

for (const task of TASKS) start(task);
process.stdout.write(
  `Shop dev servers starting: web app on http://localhost:5173 (API on http://localhost:3000). Ctrl-C stops both.\n`,
);
