import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';

/**
 * Work that runs after the answer is sent, so how long it takes tells the caller nothing (whether
 * an account exists, say). Failures are logged; shutdown waits for what is still running.
 */
@Injectable()
export class AfterResponse implements OnApplicationShutdown {
  private readonly logger = new Logger(AfterResponse.name);
  private readonly running = new Set<Promise<void>>();

  run(what: string, task: () => Promise<void>): void {
    // setImmediate: after the answer has been handed to the socket.
    const work: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.logger.error(`${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`))
      .finally(() => this.running.delete(work));
    this.running.add(work);
  }

  /** Resolves once every task started so far (and any they started) has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  onApplicationShutdown(): Promise<void> {
    return this.settled();
  }
}
