import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { IMAGE_TYPES } from './image-facts.js';

const IMAGE_BODY = 'imageBody';

/**
 * The route's body is an image's bytes (PNG or JPEG, sent as `Content-Type: image/png`), read
 * into a Buffer under the API's body limit; the input guard lets it through unparsed, and the
 * route checks what the bytes are (`imageFacts`).
 */
export const ImageBody = (description: string) =>
  applyDecorators(SetMetadata(IMAGE_BODY, true), ApiConsumes(...IMAGE_TYPES), ApiBody({ description, schema: { type: 'string', format: 'binary' } }));

/** Whether the handler takes an image body (`@ImageBody()`). */
export function takesImageBody(handler: object): boolean {
  return Reflect.getMetadata(IMAGE_BODY, handler) === true;
}

/** Whether the request says its body is one of the image types. */
export function isImageBody(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return IMAGE_TYPES.some((imageType) => imageType === type);
}
