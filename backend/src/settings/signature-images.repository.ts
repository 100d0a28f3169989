import { Injectable } from '@nestjs/common';
import { inArray } from 'drizzle-orm';
import { DatabaseService, type Executor } from '../database/database.service.js';
import { type SignatureImageRow, signatureImages } from '../database/schema/festival-settings.js';

/** The only place that queries the signature_images table. */
@Injectable()
export class SignatureImagesRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Keeps the image; the same bytes uploaded again are the same row. */
  async insert(image: SignatureImageRow): Promise<void> {
    await this.database.db.insert(signatureImages).values(image).onConflictDoNothing();
  }

  findByIds(ids: readonly string[], executor: Executor = this.database.db): Promise<SignatureImageRow[]> {
    return ids.length === 0
      ? Promise.resolve([])
      : executor
          .select()
          .from(signatureImages)
          .where(inArray(signatureImages.id, [...ids]));
  }
}
