import type { LoggerService } from '@nestjs/common';
import { withQuietFramework } from './startup-logger.js';

function recordingLogger(): LoggerService & { lines: string[] } {
  const lines: string[] = [];
  const record = (level: string) => (message: unknown, context?: unknown) => void lines.push(`${level} ${String(context)}: ${String(message)}`);
  return { lines, log: record('info'), error: record('error'), warn: record('warn'), debug: record('debug'), verbose: record('verbose') };
}

describe('withQuietFramework', () => {
  it("moves Nest's module and route lines to debug and keeps the product's lines at info", () => {
    const target = recordingLogger();
    const logger = withQuietFramework(target);
    logger.log('TeamsModule dependencies initialized', 'InstanceLoader');
    logger.log('Mapped {/api/v1/events, GET} route', 'RouterExplorer');
    logger.log('Demo accounts (development only): …', 'DemoDataService');
    logger.warn('Database not ready yet', 'DatabaseService');
    expect(target.lines).toEqual([
      'debug InstanceLoader: TeamsModule dependencies initialized',
      'debug RouterExplorer: Mapped {/api/v1/events, GET} route',
      'info DemoDataService: Demo accounts (development only): …',
      'warn DatabaseService: Database not ready yet',
    ]);
  });
});
