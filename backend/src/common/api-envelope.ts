import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiResponse, getSchemaPath, type ResponseObject, type SchemaObject } from '@nestjs/swagger';
import type { ErrorEnvelope, FieldError, SuccessEnvelope } from './envelope.js';

/** One field's problem, as 400 and 409 answers list them. */
export class FieldErrorResponse implements FieldError {
  @ApiProperty({ example: 'email' }) field: string;
  @ApiProperty({ example: 'Email is required' }) message: string;
}

/** Every refusal and failure: the first problem in `message`, each field's in `errors`. */
export class ErrorEnvelopeResponse implements ErrorEnvelope {
  @ApiProperty({ type: Boolean, enum: [false] }) success: false;
  @ApiProperty({ example: 'Please sign in to continue.' }) message: string;
  @ApiPropertyOptional({ type: [FieldErrorResponse] }) errors?: FieldErrorResponse[];
  @ApiPropertyOptional({ description: 'True when a verification link opened away from the browser that signed up needs the sign-up password' })
  passwordRequired?: boolean;
  @ApiPropertyOptional({ description: 'True when a verification link was used already: the e-mail is verified and its account can sign in' })
  alreadyVerified?: boolean;
}

/** A payload field: a response class, a list of one (`[Class]`), or a plain schema. */
type PayloadField = Type | [Type] | SchemaObject;
type PayloadValue<F> = F extends [Type<infer T>] ? T[] : F extends Type<infer T> ? T : unknown;
type Payload<P extends Record<string, PayloadField>> = { [K in keyof P]: PayloadValue<P[K]> };
type MaybePromise<T> = T | Promise<T>;

interface EnvelopeDoc<P extends Record<string, PayloadField>> {
  /** The success status, when not 200. */
  status?: number;
  /** What a success means. */
  description: string;
  /** True when the answer always carries a message for the user. */
  message?: boolean;
  /** The fields beside `success` and `message`. */
  payload?: P;
  /** Refusals of this route's own rules (a 404, a 409, ...), beyond those its guards give. */
  errors?: Record<number, string>;
}

/**
 * Documents a handler's answers: its success envelope `{ success: true, message?, ...payload }`
 * and the error envelopes of its own rules. The errors every route's guards, pipes and parsers
 * give are added from the operation itself when the document is built (`api-document.ts`). The handler must
 * return the documented payload (the body may also be sent through `@Res()`).
 */
// eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- a route without payload fields answers the bare envelope: no fields is what the default means
export function ApiEnvelope<P extends Record<string, PayloadField> = Record<never, never>>(doc: EnvelopeDoc<P>) {
  const payload: Record<string, PayloadField> = doc.payload ?? {};
  const models = Object.values(payload).flatMap((field) => (Array.isArray(field) ? field : typeof field === 'function' ? [field] : []));
  const decorators = [
    ApiExtraModels(...models),
    ApiResponse({ status: doc.status ?? 200, description: doc.description, schema: successSchema(payload, doc.message ?? false) }),
    ...Object.entries(doc.errors ?? {}).map(([status, description]) => ApiErrorResponse(Number(status), description)),
  ];
  // Typed so that a handler whose return type differs from the documented payload does not compile.
  return applyDecorators(...decorators) as <H extends (...args: never[]) => MaybePromise<SuccessEnvelope<Payload<P>> | void>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ) => void;
}

/** An error envelope answer, for decorators that know a refusal (access, throttling, ...). */
export function ApiErrorResponse(status: number, description: string, headers?: ResponseObject['headers']) {
  return ApiResponse({ status, description, type: ErrorEnvelopeResponse, ...(headers ? { headers } : {}) });
}

function successSchema(payload: Record<string, PayloadField>, withMessage: boolean): SchemaObject {
  const fields = Object.fromEntries(Object.entries(payload).map(([name, field]) => [name, fieldSchema(field)]));
  return {
    type: 'object',
    additionalProperties: false,
    required: ['success', ...(withMessage ? ['message'] : []), ...Object.keys(payload)],
    properties: {
      success: { type: 'boolean', enum: [true] },
      ...(withMessage ? { message: { type: 'string', description: 'For the user, as the specs word it' } } : {}),
      ...fields,
    },
  };
}

function fieldSchema(field: PayloadField): SchemaObject {
  if (Array.isArray(field)) return { type: 'array', items: { $ref: getSchemaPath(field[0]) } };
  if (typeof field === 'function') return { $ref: getSchemaPath(field) } as SchemaObject;
  return field;
}
