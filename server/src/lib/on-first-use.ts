/**
 * A module imported when first needed, once. Heavy modules (image, PDF, mail,
 * CSV, zip, password hashing) load this way, so a start neither waits for
 * them nor holds their memory until a request needs one (issue 30).
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
