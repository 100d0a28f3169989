import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { WITHOUT_FESTIVAL_SETTINGS } from './festival-settings.decorator.js';
import { FestivalSettingsService } from './festival-settings.service.js';

/**
 * Has every request read the festival's settings again when this instance's copy is older than
 * FESTIVAL_SETTINGS_CACHE_MS, before its handler runs (outside any transaction): the handler and
 * everything it calls then read them from memory, and a save on another instance holds here
 * within that time. Routes marked `@WithoutFestivalSettings()` skip the read.
 *
 * A guard that always lets the request through, rather than an interceptor: the app runs guards
 * already, and a fresh copy costs a request one comparison, where a global interceptor wraps
 * every handler in an Observable (docs/performance.md, "What the festival settings cost").
 */
@Injectable()
export class FreshSettingsGuard implements CanActivate {
  constructor(
    private readonly settings: FestivalSettingsService,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): true | Promise<true> {
    if (!this.settings.stale || this.reflector.getAllAndOverride<boolean>(WITHOUT_FESTIVAL_SETTINGS, [context.getHandler(), context.getClass()])) return true;
    return this.settings.refresh().then(() => true);
  }
}
