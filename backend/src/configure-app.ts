import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { useContainer } from 'class-validator';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { buildApiDocument } from './api-document.js';
import { CommonModule, INJECTED_CONSTRAINTS } from './common/common.module.js';
import type { AppConfig } from './config/app-config.js';

export const API_PREFIX = 'api/v1';
const CLIENT_DIR = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

/**
 * Everything an HTTP application needs besides its modules, shared by the server and the
 * API tests so both exercise the same stack.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig, clientDir = CLIENT_DIR): void {
  app.useLogger(app.get(Logger));
  // class-validator asks its container for every constraint of every field at every validation.
  // Only our injected constraints (@IsInstitutionEmail reads the configuration) come from Nest;
  // the built-in ones go straight to class-validator's own container, since a failed lookup in
  // Nest's would throw, and capture a stack, on every field of every request.
  const common = app.select(CommonModule);
  useContainer(
    { get: (constraint: Type<unknown>) => (INJECTED_CONSTRAINTS.has(constraint) ? common.get<unknown, unknown>(constraint) : undefined) },
    { fallback: true },
  );
  // Behind a load balancer, the client's address (for throttling) is in X-Forwarded-For.
  app.set('trust proxy', config.trustProxy);
  app.use(cookieParser());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Swagger UI and the client's bundled styles set inline styles; scripts stay same-origin.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  app.setGlobalPrefix(API_PREFIX);
  app.disable('x-powered-by');
  setUpApiDocs(app, config);
  serveClient(app, clientDir);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
}

function setUpApiDocs(app: NestExpressApplication, config: AppConfig): void {
  SwaggerModule.setup('api/docs', app, buildApiDocument(app, config), { jsonDocumentUrl: 'api/docs-json' });
}

/** The built client, with client-side routes answered by its index page. */
function serveClient(app: NestExpressApplication, clientDir: string): void {
  const indexPage = join(clientDir, 'index.html');
  if (!existsSync(indexPage)) return;
  const files = express.static(clientDir, { index: false, setHeaders: cachePolicy });
  app.use((req: Request, res: Response, next: NextFunction) => {
    // API calls never touch the disk looking for a file.
    if (req.path.startsWith('/api/')) {
      next();
      return;
    }
    files(req, res, () => {
      if (req.method !== 'GET' || req.accepts(['html', 'json']) !== 'html') {
        next();
        return;
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexPage);
    });
  });
}

/** Vite's hashed bundles never change under their name; everything else is revalidated. */
function cachePolicy(res: Response, path: string): void {
  const hashed = /[\\/]assets[\\/]/.test(path);
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}
