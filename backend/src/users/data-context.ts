import { type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommonModule } from '../common/common.module.js';
import type { AppConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { UsersModule } from './users.module.js';

/** The accounts' modules on the configured database, for a command: no HTTP server, no jobs, no demo data. */
export function openAccountsContext(config: AppConfig): Promise<INestApplicationContext> {
  @Module({ imports: [ConfigModule.forRoot(config), DatabaseModule, CommonModule, UsersModule] })
  class AccountsCommandModule {}
  return NestFactory.createApplicationContext(AccountsCommandModule, { logger: ['error'] });
}
