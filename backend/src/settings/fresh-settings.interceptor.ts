import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { from, type Observable, switchMap } from 'rxjs';
import { FestivalSettingsService } from './festival-settings.service.js';

/**
 * Has every request read the festival's settings again when this instance's copy is older than
 * FESTIVAL_SETTINGS_CACHE_MS, before its handler runs (outside any transaction): the handler and
 * everything it calls then read them from memory, and a save on another instance holds here
 * within that time.
 */
@Injectable()
export class FreshSettingsInterceptor implements NestInterceptor {
  constructor(private readonly settings: FestivalSettingsService) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.settings.refresh()).pipe(switchMap(() => next.handle()));
  }
}
