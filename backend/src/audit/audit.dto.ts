import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQuery } from '../common/pagination.js';

/** `?club=&actorId=&page=&limit=`: the trail of one club, of one person, or of everyone. */
export class AuditQuery extends PageQuery {
  @ApiPropertyOptional({ maxLength: 100, description: "Only this club's records (a club's name when it acted: the trail keeps the names of the day)" })
  @IsOptional()
  @MaxLength(100, { message: 'Please select a club' })
  @IsString({ message: 'Please select a club' })
  club?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this person's actions" })
  @IsOptional()
  @IsUUID('all', { message: 'Invalid person id' })
  actorId?: string;
}
