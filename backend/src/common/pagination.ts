import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, type SchemaObject } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** The most rows one page may hold, so no listing can ask for a whole table at once. */
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 50;

/** A whole number of at least `min` (and at most `max`), converted from the query string; checked in this order. */
const WholeNumber = (label: string, min: number, max?: number) =>
  applyDecorators(
    IsInt({ message: `${label} must be a whole number` }),
    Min(min, { message: `${label} must be at least ${min}` }),
    ...(max === undefined ? [] : [Max(max, { message: `${label} must be at most ${max}` })]),
    Type(() => Number),
  );

/** `?page=&limit=` of a paged listing: pages count from 1; the limit is capped at MAX_PAGE_SIZE. */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1, description: 'The page, counted from 1' })
  @WholeNumber('Page', 1)
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Rows per page' })
  @WholeNumber('Limit', 1, MAX_PAGE_SIZE)
  limit: number = DEFAULT_PAGE_SIZE;

  /** Rows before this page. */
  get offset(): number {
    return (this.page - 1) * this.limit;
  }
}

/** What a service answers for one page: its rows and how many rows all pages hold. */
export interface PageOf<T> {
  items: T[];
  total: number;
}

/** The paged envelope's fields beside the items, which keep the listing's own name (such as `users`). */
export interface PageFields {
  page: number;
  limit: number;
  total: number;
}

/** The same fields for `@ApiEnvelope`'s payload: `payload: { users: [UserResponse], ...PAGE_FIELDS }`. */
export const PAGE_FIELDS = {
  page: { type: 'integer', minimum: 1, description: 'The page, counted from 1' },
  limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, description: 'Rows per page' },
  total: { type: 'integer', minimum: 0, description: 'Rows on every page together' },
} satisfies Record<keyof PageFields, SchemaObject>;

/** `{ [name]: items, page, limit, total }`, the payload of every paged answer. */
export function paged<K extends string, T>(name: K, query: PageQuery, { items, total }: PageOf<T>): Record<K, T[]> & PageFields {
  return { [name]: items, page: query.page, limit: query.limit, total } as Record<K, T[]> & PageFields;
}
