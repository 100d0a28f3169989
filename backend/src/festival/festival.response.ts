import { ApiProperty } from '@nestjs/swagger';

/** What the home page shows about the festival. */
export class FestivalResponse {
  @ApiProperty({ format: 'date-time', example: '2025-08-30T03:30:00.000Z' }) festivalDate: string;
  @ApiProperty({ format: 'date-time', example: '2025-08-14T03:30:00.000Z' }) registrationOpensAt: string;
  @ApiProperty({ example: 'campus.ac.in', description: 'Only addresses at this domain may sign up' }) institutionEmailDomain: string;
  @ApiProperty({ minimum: 0 }) eventCount: number;
}
