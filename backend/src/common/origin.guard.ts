import type { IncomingHttpHeaders } from 'node:http';
import { applyDecorators, type CanActivate, type ExecutionContext, ForbiddenException, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ApiErrorResponse } from './api-envelope.js';

/** Methods that change nothing; every other one is checked. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The API document's description of the check's refusal. */
export const CROSS_SITE_ANSWER = 'The request came from another site (the Origin check on state-changing requests).';
const CHANGES_STATE_KEY = 'changesState';

interface CheckedRequest {
  method: string;
  headers: IncomingHttpHeaders;
}

/** Marks a GET route that changes state (the spec's sign-out), so it gets the origin check too. */
export const ChangesState = () => applyDecorators(SetMetadata(CHANGES_STATE_KEY, true), ApiErrorResponse(403, CROSS_SITE_ANSWER));

/**
 * Cross-site request forgery defence on top of SameSite=Lax cookies. The client sends no token,
 * so a state-changing request must come from our own pages: its Origin (or, failing that, its
 * Referer) must be PUBLIC_URL's origin, and a browser's Sec-Fetch-Site must not say cross-site.
 * Requests with neither header come from non-browser clients, which hold no victim's cookies.
 */
@Injectable()
export class OriginGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<CheckedRequest>();
    const changesState = !SAFE_METHODS.has(request.method) || this.reflector.get<boolean>(CHANGES_STATE_KEY, context.getHandler());
    if (!changesState || this.isSameSite(request)) return true;
    throw new ForbiddenException('This request was refused because it came from another site.');
  }

  private isSameSite(request: CheckedRequest): boolean {
    if (request.headers['sec-fetch-site'] === 'cross-site') return false;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    return origin === undefined || origin === this.config.publicUrl.origin;
  }
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
