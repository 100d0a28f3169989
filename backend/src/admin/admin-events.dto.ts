import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';

/** `GET /admin/events`: the open edition's events, or a closed edition's (to copy last year's). */
export class AdminEventsQuery {
  @ApiPropertyOptional({ type: Number, minimum: 1, description: "A festival edition's id (GET /festival/editions); the current one when left out" })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Invalid edition id' })
  @Min(1, { message: 'Invalid edition id' })
  edition?: number;
}
