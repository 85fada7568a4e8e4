/**
 * The shape of a translation of `T`: the same keys, any words. Functions keep their parameters,
 * so `welcome(name)` is `welcome(name)` in every language. A missing or extra key fails typecheck.
 */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R extends string ? string : R
    : T extends object
      ? { readonly [K in keyof T]: Translation<T[K]> }
      : T;
