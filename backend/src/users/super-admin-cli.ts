// `npm run superadmin -- <email> <password> [name]`: creates (or promotes) a super admin account.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommonModule } from '../common/common.module.js';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { SuperAdminService } from './super-admin.service.js';
import { UsersModule } from './users.module.js';

const [email, password, name] = process.argv.slice(2);
if (!email || !password || password.length < 8) {
  console.error('Usage: npm run superadmin -- <email> <password of 8 or more characters> [name]');
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  // The data modules only: no HTTP server, no jobs, no demo data.
  @Module({ imports: [ConfigModule.forRoot(config), DatabaseModule, CommonModule, UsersModule] })
  class SuperAdminCliModule {}
  const app = await NestFactory.createApplicationContext(SuperAdminCliModule, { logger: ['error'] });
  const outcome = await app.get(SuperAdminService).ensure(email, password, name);
  console.log(`Super admin ${email.toLowerCase()}: ${outcome}.`);
  await app.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
