import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** Where and how a cookie is sent back. */
export interface CookieOptions {
  httpOnly: boolean;
  sameSite: 'lax' | 'strict';
  secure: boolean;
  path: string;
}

/** The cookies an answer sets or clears, without naming the HTTP framework underneath. */
export interface CookieJar {
  /** Sets a cookie for `maxAgeSeconds` (as both `Max-Age` and `Expires`, for browsers that read only the latter). */
  set(name: string, value: string, options: CookieOptions & { maxAgeSeconds: number }): void;
  /** Tells the browser to drop the cookie: it must be named with the path it was set with. */
  clear(name: string, options: CookieOptions): void;
}

interface RequestWithCookies {
  cookies?: Record<string, string | undefined>;
}

/** What the cookie plugin adds to an answer. */
interface ReplyWithCookies {
  setCookie(name: string, value: string, options: CookieOptions & { maxAge?: number; expires: Date }): unknown;
}

/** The value of the request's cookie `name`, or undefined. */
export const Cookie = createParamDecorator((name: string, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<RequestWithCookies>().cookies?.[name];
  return typeof value === 'string' ? value : undefined;
});

/** The answer's cookies; the handler still returns its body as usual. */
export const Cookies = createParamDecorator((_data: unknown, context: ExecutionContext): CookieJar => {
  const reply = context.switchToHttp().getResponse<ReplyWithCookies>();
  return {
    set: (name, value, { maxAgeSeconds, ...options }) => {
      reply.setCookie(name, value, { ...options, maxAge: maxAgeSeconds, expires: new Date(Date.now() + maxAgeSeconds * 1000) });
    },
    clear: (name, options) => {
      reply.setCookie(name, '', { ...options, expires: new Date(0) });
    },
  };
});
