// A mixin's constructor takes `any[]` (TypeScript's rule for a class built from an intersection).
// biome-ignore lint/suspicious/noExplicitAny: the mixin constructor signature TypeScript requires
type Constructor<T = object> = new (...args: any[]) => T;

/**
 * A base class whose instances have `Parts`' members (over `base`'s, when given): an adapter
 * assembled from its parts (each a factory answering its slice of the port over the shared
 * context) extends it and assigns the assembled parts in its constructor, `Object.assign(this,
 * parts)` with `parts: Parts`, instead of a page of methods that each forward one call.
 */
export function composedOf<Parts extends object>(): Constructor<Parts>;
export function composedOf<Parts extends object, Base extends Constructor>(
  base: Base,
): Base & Constructor<Parts>;
export function composedOf(base?: Constructor): Constructor {
  return base ?? class {};
}
