import type { LoggerService } from '@nestjs/common';

/** Nest's own start-up lines: one per module, per controller and per route, then "started". */
const FRAMEWORK_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

const isFramework = (params: unknown[]): boolean => {
  const context = params.at(-1);
  return typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context);
};

/**
 * The application's logger with Nest's start-up chatter moved down to debug, so that at the
 * default level the server's first lines are the product's own (the database, the festival's
 * dates and where they come from, the demo accounts, the address) rather than seventy lines of
 * modules and routes. `LOG_LEVEL=debug` shows them again.
 */
export function withQuietFramework(logger: LoggerService): LoggerService {
  return {
    log: (message: unknown, ...params: unknown[]) => {
      if (isFramework(params)) logger.debug?.(message, ...params);
      else logger.log(message, ...params);
    },
    error: (message: unknown, ...params: unknown[]) => {
      logger.error(message, ...params);
    },
    warn: (message: unknown, ...params: unknown[]) => {
      logger.warn(message, ...params);
    },
    debug: (message: unknown, ...params: unknown[]) => {
      logger.debug?.(message, ...params);
    },
    verbose: (message: unknown, ...params: unknown[]) => {
      logger.verbose?.(message, ...params);
    },
    fatal: (message: unknown, ...params: unknown[]) => {
      logger.fatal?.(message, ...params);
    },
  };
}
