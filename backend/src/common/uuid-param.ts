import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';

/** A path parameter that must be a uuid: anything else is a 400 naming what the id was for ("Invalid team id"). */
export const uuid = (what: string) => new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(`Invalid ${what} id`) });
