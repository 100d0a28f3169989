import './gc-settings.js';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import { ConfigError, loadConfig } from './config/app-config.js';
import { APPLICATION_OPTIONS, configureApp, createHttpAdapter, listen } from './configure-app.js';
import { waitForDatabase } from './database/open-database.js';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // Before the application is built, whose logs are held back until it is: the wait is logged as it happens.
  try {
    await waitForDatabase(config);
  } catch (error) {
    new Logger('Database').error((error as Error).message);
    process.exit(1);
  }
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), createHttpAdapter(config), APPLICATION_OPTIONS);
  await configureApp(app, config);
  try {
    await listen(app, config.port);
  } catch (error) {
    // An operator's mistake, not a bug: say what to change instead of a stack trace.
    if (error instanceof ConfigError) new Logger('Bootstrap').error(error.message);
    else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      new Logger('Bootstrap').error(`Port ${config.port} is already in use by another program. Stop it, or set PORT to a free port.`);
    } else throw error;
    await app.close();
    process.exit(1);
  }
  new Logger('Bootstrap').log(`Listening on http://localhost:${config.port} (public URL ${config.publicUrl.origin})`);
}

void bootstrap();
