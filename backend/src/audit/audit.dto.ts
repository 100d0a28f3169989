import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { PageQuery } from '../common/pagination.js';
import { EVENT_CLUBS } from '../database/schema/events.js';

/** `?club=&actorId=&page=&limit=`: the trail of one club, of one person, or of everyone. */
export class AuditQuery extends PageQuery {
  @ApiPropertyOptional({ enum: EVENT_CLUBS, description: "Only this club's records" })
  @IsOptional()
  @IsIn(EVENT_CLUBS, { message: 'Please select a club' })
  club?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this person's actions" })
  @IsOptional()
  @IsUUID('all', { message: 'Invalid person id' })
  actorId?: string;
}
