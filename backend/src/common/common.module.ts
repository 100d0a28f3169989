import { Global, Module, type Type } from '@nestjs/common';
import { Clock } from './clock.js';
import { InstitutionEmailConstraint } from './institution-email.js';
import { ReportGate } from './report-gate.js';

/** Validation constraints that need Nest's injection (the configured institution domain). */
export const INJECTED_CONSTRAINTS: ReadonlySet<Type> = new Set([InstitutionEmailConstraint]);

/**
 * Global: the clock is every service's only source of "now" (tests replace it to move time), the
 * report gate bounds the heavy reports of every module together, and the injected constraints
 * serve DTOs of every module. None depends on a feature module.
 */
@Global()
@Module({
  providers: [Clock, ReportGate, ...INJECTED_CONSTRAINTS],
  exports: [Clock, ReportGate],
})
export class CommonModule {}
