import { createHash } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { imageFacts } from '../common/image-facts.js';
import type { Executor } from '../database/database.service.js';
import type { SignatureImageRow } from '../database/schema/festival-settings.js';
import { SignatureImagesRepository } from './signature-images.repository.js';

/** A signature image's id: the SHA-256 of its bytes, in hex. */
export const SIGNATURE_IMAGE_ID = /^[0-9a-f]{64}$/;

/** What a signature may be: a scan or a photo of one, cropped; larger is a whole page or a poster. */
export const SIGNATURE_IMAGE_LIMITS = { bytes: 100 * 1024, width: 2000, height: 1000 } as const;

const NOT_AN_IMAGE = 'A signature image must be a PNG or JPEG file';
const TOO_LARGE = `A signature image is at most ${SIGNATURE_IMAGE_LIMITS.width} by ${SIGNATURE_IMAGE_LIMITS.height} pixels: crop it to the signature`;
const NOT_FOUND = 'No such signature image';

/** A stored signature's image: its bytes and what they are. */
export interface SignatureImage {
  id: string;
  contentType: SignatureImageRow['contentType'];
  width: number;
  height: number;
  bytes: Buffer;
}

const toImage = (row: SignatureImageRow): SignatureImage => ({ ...row, bytes: Buffer.from(row.content, 'base64') });

/**
 * The signatories' signature images. An upload is checked by its own bytes (a PNG or a JPEG,
 * whatever the request claimed, of a signature's size), named by their SHA-256 and never
 * changed, so a certificate issued with one draws it as long as it exists; the settings name
 * the image each signatory signs with.
 */
@Injectable()
export class SignatureImagesService {
  constructor(
    private readonly images: SignatureImagesRepository,
    private readonly clock: Clock,
  ) {}

  /** Keeps the uploaded image and answers it; 400 for anything but a PNG or JPEG within the limits. */
  async store(bytes: Buffer): Promise<SignatureImage> {
    const facts = imageFacts(bytes);
    if (!facts) throw new BadRequestException(NOT_AN_IMAGE);
    if (facts.width > SIGNATURE_IMAGE_LIMITS.width || facts.height > SIGNATURE_IMAGE_LIMITS.height) throw new BadRequestException(TOO_LARGE);
    if (facts.width === 0 || facts.height === 0) throw new BadRequestException(NOT_AN_IMAGE);
    const id = createHash('sha256').update(bytes).digest('hex');
    const row = { id, contentType: facts.type, content: bytes.toString('base64'), width: facts.width, height: facts.height, createdAt: this.clock.now() };
    await this.images.insert(row);
    return toImage(row);
  }

  async get(id: string): Promise<SignatureImage> {
    const [row] = await this.images.findByIds([id]);
    if (!row) throw new NotFoundException(NOT_FOUND);
    return toImage(row);
  }

  /** The images of these ids that exist, by id (read in the caller's transaction when `executor` is given). */
  async byIds(ids: readonly string[], executor?: Executor): Promise<Map<string, SignatureImage>> {
    return new Map((await this.images.findByIds(ids, executor)).map((row) => [row.id, toImage(row)]));
  }
}
