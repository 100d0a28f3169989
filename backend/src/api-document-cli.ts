// `node backend/dist/api-document-cli.js FILE`: writes the OpenAPI document to FILE (for the
// linters). The app is created in preview mode: modules and routes, no providers, no database.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { buildApiDocument } from './api-document.js';
import { AppModule } from './app.module.js';
import { loadConfig } from './config/app-config.js';
import { API_PREFIX, createHttpAdapter, OUTSIDE_API_PREFIX } from './configure-app.js';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node backend/dist/api-document-cli.js FILE');
  process.exit(2);
}
const config = loadConfig({ ...process.env, DATABASE_URL: undefined, DATA_DIR: 'memory://' });
const app = await NestFactory.create(AppModule.forRoot(config), createHttpAdapter(config), { preview: true, logger: false });
app.setGlobalPrefix(API_PREFIX, OUTSIDE_API_PREFIX);
writeFileSync(file, `${JSON.stringify(buildApiDocument(app, config), null, 2)}\n`);
await app.close();
