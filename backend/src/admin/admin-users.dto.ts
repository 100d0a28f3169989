import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { ClubChoice } from '../clubs/clubs.dto.js';
import { Trimmed } from '../common/fields.js';
import { PageQuery } from '../common/pagination.js';
import { ROLES, type Role } from '../database/schema/users.js';

// class-validator checks a property's rules from the bottom up and reports the first failure,
// so each property lists its rules from the most specific (top) to "required" (bottom).

const MAX_SEARCH_LENGTH = 100;

/** Optional search text, trimmed; an empty box filters nothing. (applyDecorators checks its rules first to last.) */
export const SearchText = (description: string) =>
  applyDecorators(
    IsOptional(),
    IsString({ message: 'Search text must be text' }),
    MaxLength(MAX_SEARCH_LENGTH, { message: `Search text must be at most ${MAX_SEARCH_LENGTH} characters` }),
    Trimmed(),
    ApiPropertyOptional({ description, maxLength: MAX_SEARCH_LENGTH }),
  );

/** `GET /admin/users`: the page, and optionally text in the name, e-mail or roll number and one role. */
export class UserListQuery extends PageQuery {
  @SearchText('Part of a name, e-mail or roll number, whatever its case')
  search?: string;

  @ApiPropertyOptional({ enum: ROLES })
  @IsIn(ROLES, { message: 'Please select a valid role' })
  @IsOptional()
  role?: Role;
}

/** `GET /admin/users/all-admins`: the staff in-charge search. */
export class StaffSearchQuery {
  @SearchText('Part of a name or e-mail; without it, the first staff members by name')
  search?: string;
}

export class RoleChangeDto {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: 'Please select a valid role' })
  @IsNotEmpty({ message: 'Role is required' })
  role: Role;

  @ValidateIf((change: RoleChangeDto) => change.role === 'admin')
  @ClubChoice('The club a club admin runs, one that is not retired: required for the admin role, ignored for the others (who have no club)')
  club?: string;
}
