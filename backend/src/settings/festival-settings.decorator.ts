import { SetMetadata } from '@nestjs/common';

export const WITHOUT_FESTIVAL_SETTINGS = 'withoutFestivalSettings';

/**
 * Routes that never apply the festival's settings (the health checks) answer without reading
 * them first: a database that is away must not delay "is the database there?".
 */
export const WithoutFestivalSettings = () => SetMetadata(WITHOUT_FESTIVAL_SETTINGS, true);
