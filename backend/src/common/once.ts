/** A value made on first use and kept: for things that need the database open, such as prepared statements. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
