import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, type Observable, switchMap } from 'rxjs';
import { WITHOUT_FESTIVAL_SETTINGS } from './festival-settings.decorator.js';
import { FestivalSettingsService } from './festival-settings.service.js';

/**
 * Has every request read the festival's settings again when this instance's copy is older than
 * FESTIVAL_SETTINGS_CACHE_MS, before its handler runs (outside any transaction): the handler and
 * everything it calls then read them from memory, and a save on another instance holds here
 * within that time. Routes marked `@WithoutFestivalSettings()` skip the read.
 */
@Injectable()
export class FreshSettingsInterceptor implements NestInterceptor {
  constructor(
    private readonly settings: FestivalSettingsService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Most requests find the copy fresh and go straight on, without a promise in between.
    if (!this.settings.stale || this.reflector.getAllAndOverride<boolean>(WITHOUT_FESTIVAL_SETTINGS, [context.getHandler(), context.getClass()])) {
      return next.handle();
    }
    return from(this.settings.refresh()).pipe(switchMap(() => next.handle()));
  }
}
