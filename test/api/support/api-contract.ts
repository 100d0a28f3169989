import type { OpenAPIObject, OperationObject, ParameterObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import request, { type Response } from 'supertest';
import type { TestApp } from './test-app';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

/** One operation of the document, named as the route tables name it: `GET /api/v1/events/{id}`. */
interface Operation {
  key: string;
  method: HttpMethod;
  path: string;
  operation: OperationObject;
}

/**
 * The API document as the server serves it, and a check of real answers against it: the status
 * must be documented and the body must match its schema. Every object schema is closed
 * (`additionalProperties: false`), so a field the document does not name fails too.
 */
export class ApiContract {
  private readonly ajv = new Ajv({ allErrors: true, strict: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenAPIObject) {
    addFormats(this.ajv);
    // OpenAPI's annotation beside JSON Schema's (`nullable` Ajv knows already).
    this.ajv.addKeyword('example');
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) this.ajv.addSchema(withLocalRefs(schema), schemaId(name));
  }

  operations(): Operation[] {
    return Object.entries(this.document.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => item[method]).map((method) => ({ key: `${method.toUpperCase()} ${path}`, method, path, operation: item[method]! })),
    );
  }

  operation(key: string): Operation {
    const found = this.operations().find((operation) => operation.key === key);
    if (!found) throw new Error(`the API document has no operation ${key}`);
    return found;
  }

  /**
   * Asserts the status first when one is given (showing the body when it differs), then that the
   * document lists the answer's status for the operation and describes its body.
   */
  expectAnswer(key: string, response: Response, status?: number): Response {
    if (status !== undefined) expect({ status: response.status, body: response.body }).toMatchObject({ status });
    this.describes(key, response);
    return response;
  }

  private describes(key: string, response: Response): void {
    const { operation } = this.operation(key);
    const status = String(response.status);
    const documented = [status, `${status[0]}XX`, 'default'].find((candidate) => operation.responses[candidate]);
    if (!documented) throw new Error(`${key} answered ${status}, which the document does not list: ${JSON.stringify(response.body)}`);
    // A download (CSV) is checked for its documented media type; its cells are each route's own test's.
    const mediaType = (response.headers?.['content-type'] ?? 'application/json').split(';')[0];
    if (mediaType !== 'application/json') {
      const content = (operation.responses[documented] as ResponseObject).content ?? {};
      if (!(mediaType in content)) throw new Error(`${key} answered ${status} as ${mediaType}, which the document does not describe`);
      return;
    }
    const validate = this.validator(key, documented, operation.responses[documented] as ResponseObject);
    if (!validate(response.body)) {
      throw new Error(
        `${key} answered ${status} with a body the document does not describe:\n${this.ajv.errorsText(validate.errors, { separator: '\n' })}\n${JSON.stringify(response.body, null, 2)}`,
      );
    }
  }

  private validator(key: string, status: string, response: ResponseObject): ValidateFunction {
    const id = `${key} ${status}`;
    let validate = this.validators.get(id);
    if (!validate) {
      const schema = response.content?.['application/json']?.schema;
      if (!schema) throw new Error(`${key} documents its ${status} answer without a JSON schema`);
      validate = this.ajv.compile(withLocalRefs(schema));
      this.validators.set(id, validate);
    }
    return validate;
  }
}

export async function loadApiContract(t: TestApp): Promise<ApiContract> {
  const response = await request(t.http).get('/api/docs-json').expect(200);
  return new ApiContract(response.body as OpenAPIObject);
}

/** A path with its parameters filled in: `/api/v1/events/{id}` with `{ id }`. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for the path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

export function pathParameters(operation: OperationObject): ParameterObject[] {
  return ((operation.parameters ?? []) as ParameterObject[]).filter((parameter) => parameter.in === 'path');
}

/** Ajv resolves a `$ref` against the schema it sits in; component schemas get ids of their own. */
function withLocalRefs(schema: unknown): SchemaObject {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${schemaId('')}`), nullableReferences) as SchemaObject;
}

/**
 * OpenAPI 3.0 writes "this object or null" as `nullable` beside `allOf: [{ $ref }]`; Ajv's
 * `nullable` needs a `type` and would apply the referenced object's type to null, so it reads
 * such a schema as what OpenAPI means: null, or the referenced object.
 */
function nullableReferences(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('allOf' in value) || !('nullable' in value) || value.nullable !== true) return value;
  const { allOf, nullable: _nullable, type: _type, ...annotations } = value as { allOf: unknown; nullable: boolean; type?: string };
  return { ...annotations, anyOf: [{ type: 'null' }, { allOf }] };
}

function schemaId(name: string): string {
  return `https://api.document/components/schemas/${name}`;
}
