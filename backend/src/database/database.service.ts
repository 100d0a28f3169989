import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { openDatabase, type OpenDatabase, type PoolUse } from './open-database.js';
import * as schema from './schema/index.js';
import { insideTransaction } from './transaction-scope.js';

/** The typed Drizzle client, the same API over a PostgreSQL pool or embedded PGlite. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories accept it so one service call can span modules. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction in progress. */
export type Executor = Database | Transaction;

/**
 * Owns the connection: opened and migrated before the app serves a request, closed on shutdown.
 */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  private readonly logger = new Logger(DatabaseService.name);
  private connection: OpenDatabase | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async open(): Promise<void> {
    this.connection = await openDatabase(this.config);
    this.logger.log(`Database ready (${this.connection.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${this.config.dataDir}`})`);
  }

  get db(): Database {
    if (!this.connection) throw new Error('The database is not open yet');
    return this.connection.db;
  }

  /**
   * Runs `work` in one transaction. `work` receives the only executor it may use: a read or write
   * through the shared connection from inside it (directly, or through a repository called without
   * `tx`) fails at once instead of waiting for a connection the transaction itself holds.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => insideTransaction(() => work(tx)));
  }

  /** True when a round trip to the database succeeds within `timeoutMs`. */
  async isReachable(timeoutMs: number): Promise<boolean> {
    try {
      if (!this.connection) throw new Error('The database is not open');
      await this.connection.ping(timeoutMs);
      return true;
    } catch (error) {
      this.logger.warn(`Database health check failed: ${(error as Error).message}`);
      return false;
    }
  }

  /** The PostgreSQL pool's connections right now; undefined on the embedded database. */
  poolUse(): PoolUse | undefined {
    return this.connection?.poolUse?.();
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.connection) return;
    await this.connection.close();
    this.connection = undefined;
    this.logger.log('Database connection closed');
  }
}
