import { type ParseArgsConfig, parseArgs } from 'node:util';

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * What a command (`npm run admin:create`, `npm run restore`) says when its
 * words are wrong: why, then its usage, on stderr; the exit code is 1.
 */
export function usageError(reason: string, usage: string): number {
  console.error(`${reason}\n\n${usage}`);
  return 1;
}

/** The command's flags and `--help`/`-h`, nothing else on its line (parseArgs throws otherwise). */
const parseFlags = <Options extends FlagOptions>(args: readonly string[], options: Options) =>
  parseArgs({
    args,
    options: { ...options, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: false,
  }).values;

/**
 * A command's `--flags`. `--help` prints the usage (exit code 0); an unknown
 * flag, a flag without its value or a stray word is a usage error (exit code
 * 1). Either way the command stops with `exitCode`; otherwise it reads `flags`.
 */
export function readFlags<Options extends FlagOptions>(
  argv: readonly string[],
  options: Options,
  usage: string,
) {
  let flags: ReturnType<typeof parseFlags<Options>>;
  try {
    flags = parseFlags(argv, options);
  } catch (error) {
    return { exitCode: usageError(`${error instanceof Error ? error.message : error}`, usage) };
  }
  // `in`: the flags' type is only known at each command's call.
  if ('help' in flags && flags.help) {
    console.log(usage);
    return { exitCode: 0 };
  }
  return { flags };
}
