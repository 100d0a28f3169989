import { ApiProperty } from '@nestjs/swagger';
import type { ClubRow } from '../database/schema/clubs.js';

export class ClubResponse {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ example: 'Tech Club' }) name: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was retired; null while it takes new events' }) retiredAt:
    string | null;
}

export function toClubResponse(club: ClubRow): ClubResponse {
  return { _id: club.id, name: club.name, description: club.description, retiredAt: club.retiredAt?.toISOString() ?? null };
}
