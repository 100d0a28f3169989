import { type CallHandler, ConflictException, type ExecutionContext, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { type Observable, tap } from 'rxjs';
import { registrationOutcomes } from './metrics.js';

/**
 * Counts a registering route's answers once they are final (after the transaction committed):
 * "taken" for a success, "refused" for a 409 (full, closed, already registered, a limit).
 */
@Injectable()
class RegistrationOutcomesInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      tap({
        next: () => registrationOutcomes.inc({ outcome: 'taken' }),
        error: (error: unknown) => {
          if (error instanceof ConflictException) registrationOutcomes.inc({ outcome: 'refused' });
        },
      }),
    );
  }
}

/** On every route that takes a seat for a student or a team (`festival_registrations_total`). */
export const CountsRegistrations = () => UseInterceptors(RegistrationOutcomesInterceptor);
