import { ApiProperty } from '@nestjs/swagger';
import { GENDERS, type Gender, type UserRow } from '../database/schema/users.js';

/** A classmate found by the team search: only what forming a team needs. */
export class MemberSearchResult {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) dept: string | null;
  @ApiProperty({ type: String, nullable: true }) year: string | null;
  @ApiProperty({ enum: [...GENDERS, null], nullable: true }) gender: Gender | null;
}

export function toMemberSearchResult(user: UserRow): MemberSearchResult {
  return { _id: user.id, name: user.name, email: user.email, dept: user.dept, year: user.year, gender: user.gender };
}
