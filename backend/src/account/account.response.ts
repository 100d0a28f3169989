import { ApiProperty } from '@nestjs/swagger';

/** A download of the account's data, ready until it expires. */
export class DataExportResponse {
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'After this the download is deleted; prepare a new one.' }) expiresAt: string;
}

export const toDataExportResponse = ({ createdAt, expiresAt }: { createdAt: Date; expiresAt: Date }): DataExportResponse => ({
  createdAt: createdAt.toISOString(),
  expiresAt: expiresAt.toISOString(),
});
