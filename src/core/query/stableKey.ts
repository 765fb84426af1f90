/**
 * The cache key of a query's arguments: JSON with object keys sorted, so `{ a: 1, b: 2 }` and `{ b: 2, a: 1 }`
 * ask for the same thing. Arguments are JSON values (strings, numbers, booleans, null, arrays, plain objects);
 * `undefined` object members are left out, as JSON leaves them out.
 *
 * @module
 */

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const sorted = (_key: string, value: unknown): unknown =>
  isPlainObject(value)
    ? Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, value[key]])
      )
    : value

/** The key of `args`: its JSON with object keys sorted (`""` for `undefined`, a query without arguments). */
export const stableKey = (args: unknown): string => JSON.stringify(args, sorted) ?? ""
