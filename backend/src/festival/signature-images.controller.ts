import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProperty, ApiTags } from '@nestjs/swagger';
import { SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ApiDownload, type DownloadReply } from '../common/download.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { ImageBody } from '../common/image-body.js';
import { SIGNATURE_IMAGE_ID, SIGNATURE_IMAGE_LIMITS, type SignatureImage, SignatureImagesService } from '../settings/signature-images.service.js';

/** A stored signature image, to name in a signatory (`signatureImageId`). */
class SignatureImageResponse {
  @ApiProperty({ description: "The SHA-256 of the image's bytes" }) id: string;
  @ApiProperty({ enum: ['image/png', 'image/jpeg'] }) contentType: string;
  @ApiProperty() width: number;
  @ApiProperty() height: number;
}

const toResponse = ({ id, contentType, width, height }: SignatureImage): SignatureImageResponse => ({ id, contentType, width, height });

/** The signatories' signature images, uploaded for the certificates by the super admin. */
@ApiTags('festival')
@Controller('festival/signature-images')
export class SignatureImagesController {
  constructor(private readonly images: SignatureImagesService) {}

  @Post()
  @SuperAdminOnly()
  @ImageBody(
    `The image's bytes: a PNG or JPEG of at most ${SIGNATURE_IMAGE_LIMITS.bytes / 1024} KB and ${SIGNATURE_IMAGE_LIMITS.width} by ${SIGNATURE_IMAGE_LIMITS.height} pixels`,
  )
  @ApiOperation({
    summary: "Uploads a signatory's signature image",
    description:
      "Super admin only. Sent as `Content-Type: image/png` or `image/jpeg`; what it is, is read from its bytes. Kept under its SHA-256 and never changed: name it as a signatory's `signatureImageId` in the settings, and certificates issued after that draw it above the line.",
  })
  @ApiEnvelope({
    status: 201,
    description: 'Kept (the same bytes sent again are the same image).',
    payload: { signatureImage: SignatureImageResponse },
    errors: { 400: 'Not a PNG or JPEG, or larger than a signature.', 413: 'More than 100 KB.' },
  })
  async upload(@Body() body: unknown): Promise<SuccessEnvelope<{ signatureImage: SignatureImageResponse }>> {
    const image = await this.images.store(Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    return { success: true, signatureImage: toResponse(image) };
  }

  @Get(':id')
  @SuperAdminOnly()
  @ApiOperation({ summary: 'A signature image, to show in the settings', description: 'Super admin only. Never changes, so it is cached for a year.' })
  @ApiParam({ name: 'id', description: "The image's SHA-256" })
  @ApiDownload('image/png', 'The image (PNG or JPEG, as uploaded).', { 404: 'No such signature image' })
  async image(@Param('id') id: string, @Res() reply: DownloadReply): Promise<void> {
    const image = await this.images.get(SIGNATURE_IMAGE_ID.test(id) ? id : '');
    reply.header('Content-Type', image.contentType).header('Cache-Control', 'private, max-age=31536000, immutable').send(image.bytes);
  }
}
