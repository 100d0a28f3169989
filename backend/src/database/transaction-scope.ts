import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Thrown when code running inside a transaction reaches for the shared connection (the pool, or
 * PGlite's single connection) instead of the transaction's own executor. The embedded database
 * serves one connection at a time, so such a query would wait for the transaction that waits for
 * it: the process freezes. On PostgreSQL it holds two connections where one is owed, and the rush
 * exhausts the pool. Failing at once names the code to fix.
 */
export class QueryOutsideTransactionError extends Error {
  constructor(what: string) {
    super(`${what} was called while a transaction is open in the same call chain; use the transaction's executor`);
    this.name = 'QueryOutsideTransactionError';
  }
}

interface Scope {
  open: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * Runs a transaction's callback in a scope the connection guard can see. The scope closes when the
 * callback settles, so work it started and left running (a notification sent after commit) may use
 * the pool once the transaction is over.
 */
export async function insideTransaction<T>(work: () => Promise<T>): Promise<T> {
  const scope: Scope = { open: true };
  try {
    return await scopes.run(scope, work);
  } finally {
    scope.open = false;
  }
}

/** Throws when called from inside an open transaction's callback. */
function refuseInsideTransaction(what: string): void {
  if (scopes.getStore()?.open) throw new QueryOutsideTransactionError(what);
}

/**
 * Wraps `methods` of a shared connection object so that each refuses to run inside a transaction's
 * callback; the transaction's own connection is a different object and is left alone.
 */
export function guardSharedConnection<Connection extends object>(connection: Connection, label: string, methods: readonly (keyof Connection & string)[]): void {
  for (const name of methods) {
    const original = connection[name] as (...args: unknown[]) => unknown;
    Object.defineProperty(connection, name, {
      configurable: true,
      writable: true,
      value: function guarded(this: Connection, ...args: unknown[]) {
        refuseInsideTransaction(`${label}.${name}()`);
        return original.apply(this, args);
      },
    });
  }
}
