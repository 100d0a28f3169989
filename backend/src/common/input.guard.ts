import { BadRequestException, type CanActivate, type ExecutionContext, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
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
    // The API speaks JSON only: a form-encoded or text body would otherwise slip past as an empty one.
    // The envelope filter words the 415 (the same text as for a charset the JSON parser refuses).
    if (carriesBody(request.headers) && !isJson(request.headers['content-type'])) throw new UnsupportedMediaTypeException();
    const problem = inspectRequestInput(request);
    if (problem) throw new BadRequestException({ message: problem.message, errors: [problem] });
    return true;
  }
}

function carriesBody(headers: IncomingHttpHeaders): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
