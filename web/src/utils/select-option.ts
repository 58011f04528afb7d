/**
 * The option a `<select>`'s value names, typed by the options the select was
 * built from, or undefined for a value that is none of them (the empty
 * 'Choose…' option), so no `event.target.value as T` is needed.
 */
export function selectedOption<Option extends string>(
  options: readonly Option[],
  value: string,
): Option | undefined {
  return options.find((option) => option === value);
}
