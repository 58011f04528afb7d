/**
 * Runs a command's main function: a number it answers is the exit code, and
 * a failure prints its message (meant for a person: no stack) and exits with
 * 1 once the message is written.
 */
export function runMain(main: () => Promise<unknown>): void {
  main().then(
    (code) => {
      if (typeof code === 'number') process.exitCode = code;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.exitCode = 1;
      process.stderr.write(`${message}\n`, () => process.exit(1));
    },
  );
}
