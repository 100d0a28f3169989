import { Interval } from '@nestjs/schedule';
import { jobRuns, jobSeconds } from './metrics.js';

type JobMethod = (...args: never[]) => Promise<unknown>;

/**
 * `@Interval(name, everyMs)` that also counts the job's runs, failed or not, and times them
 * (`festival_job_runs_total`, `festival_job_duration_seconds`). A failure is thrown on, for the
 * scheduler to log as before.
 */
export function ScheduledJob(name: string, everyMs: number) {
  return <T extends JobMethod>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    const job = descriptor.value;
    if (!job) throw new Error(`@ScheduledJob('${name}') decorates a method`);
    const counted = async function (this: unknown, ...args: Parameters<T>) {
      const stopTimer = jobSeconds.startTimer({ job: name });
      try {
        const result = await job.apply(this, args);
        jobRuns.inc({ job: name, outcome: 'done' });
        return result;
      } catch (error) {
        jobRuns.inc({ job: name, outcome: 'failed' });
        throw error;
      } finally {
        stopTimer();
      }
    };
    descriptor.value = counted as T;
    Interval(name, everyMs)(target, key, descriptor);
  };
}
