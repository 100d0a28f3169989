import type { IncomingHttpHeaders } from 'node:http';
import { BadRequestException, type CanActivate, type ExecutionContext, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { FieldError } from './envelope.js';
import { isImageBody, takesImageBody } from './image-body.js';
import { inspectRequestInput } from './input-inspection.js';

interface InspectedRequest {
  headers: IncomingHttpHeaders;
  body?: unknown;
  query?: unknown;
  params?: unknown;
}

/**
 * Holds every body, query and route parameter to the bounds of `inspectRequestInput` before
 * anything reads them. A guard rather than a pipe because guards run before pipes and before
 * the rate-limit guard, which keys on `body.email`; it is registered first of the guards. It
 * reads only what both Express and Fastify requests carry (headers, body, query, params).
 */
@Injectable()
export class InputGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<InspectedRequest>();
    // An image upload's body is bytes, not fields: only its route takes one, and checks it itself.
    if (takesImageBody(context.getHandler()) && isImageBody(request.headers['content-type'])) return this.inspectWithoutBody(request);
    // The API speaks JSON only: a form-encoded or text body would otherwise slip past as an empty one.
    // The envelope filter words the 415 (the same text as for a charset the JSON parser refuses).
    if (carriesBody(request.headers) && !isJson(request.headers['content-type'])) throw new UnsupportedMediaTypeException();
    const problem = inspectRequestInput(request) ?? undeclaredInput(context, request);
    if (problem) throw new BadRequestException({ message: problem.message, errors: [problem] });
    return true;
  }

  private inspectWithoutBody({ query, params }: InspectedRequest): boolean {
    const problem = inspectRequestInput({ query, params });
    if (problem) throw new BadRequestException({ message: problem.message, errors: [problem] });
    return true;
  }
}

/**
 * A handler without `@Query()` takes no query keys and one without `@Body()` no body fields, so an
 * unknown field is refused there too, as the validation pipe refuses one a DTO does not declare.
 */
function undeclaredInput(context: ExecutionContext, request: InspectedRequest): FieldError | undefined {
  const declared = declaredInputs(context);
  const unexpected = [
    ...(declared.has(RouteParamtypes.QUERY) ? [] : keysOf(request.query)),
    ...(declared.has(RouteParamtypes.BODY) ? [] : keysOf(request.body)),
  ];
  const field = unexpected[0];
  return field === undefined ? undefined : { field, message: `${field} is not an accepted field` };
}

/** The kinds of input (body, query, ...) a handler's parameters take. */
function declaredInputs(context: ExecutionContext): Set<number> {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ?? {}) as Record<string, unknown>;
  return new Set(Object.keys(args).map((key) => Number(key.split(':')[0])));
}

function keysOf(value: unknown): string[] {
  return value !== null && typeof value === 'object' ? Object.keys(value) : [];
}

function carriesBody(headers: IncomingHttpHeaders): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
