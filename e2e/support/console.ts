/**
 * The browser logs every failed response as a console error ("Failed to load
 * resource: … status of 401"), even one the shop handles on purpose (a wrong
 * password, an ended session). Call at the end of a journey that expects
 * them: it removes those lines from the fixture's `consoleErrors`, so any
 * other console error still fails the journey, and fails if none was seen.
 */
export function allowFailedResponses(consoleErrors: string[], status: number): void {
  const expected = `the server responded with a status of ${status}`;
  const before = consoleErrors.length;
  const others = consoleErrors.filter((line) => !line.includes(expected));
  if (others.length === before) {
    throw new Error(`Expected the browser to log a failed ${status} response`);
  }
  consoleErrors.splice(0, consoleErrors.length, ...others);
}
