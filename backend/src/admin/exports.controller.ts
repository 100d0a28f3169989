import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminsOnly } from '../common/access.decorators.js';
import { ApiCsv, type CsvReply, sendCsv } from '../common/csv.js';
import { slug } from '../common/download.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { ExportsService } from './exports.service.js';

/** Spreadsheets for the event's club admins and the super admin (admin-side §9). */
@ApiTags('admin')
@AdminsOnly()
@Controller('admin')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Get('events/:id/export.csv')
  @ApiOperation({
    summary: "The event's applicants as a spreadsheet",
    description: 'Every registration, team members one by one; UTF-8 with a BOM, CRLF lines, cells that would run as formulas neutralised.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiCsv('`<event>-applicants.csv`, as an attachment.', { 400: 'Invalid event id', 403: "Another club's event.", 404: 'Event not found' })
  async eventApplicants(@CurrentUser() admin: SessionUser, @Param('id', uuid('event')) id: string, @Res() reply: CsvReply): Promise<void> {
    const { event, csv } = await this.exports.eventApplicants(admin, id);
    sendCsv(reply, `${slug(event.name)}-applicants.csv`, csv);
  }

  @Get('clubs/:club/export.csv')
  @ApiOperation({ summary: "A club's events as a spreadsheet", description: 'One line per event: seats, registrations, teams, attendance and winners.' })
  @ApiParam({ name: 'club', description: "The club's name, retired or not" })
  @ApiCsv('`<club>-events.csv`, as an attachment.', { 403: "Another club's admin.", 404: 'Club not found' })
  async clubEvents(@CurrentUser() admin: SessionUser, @Param('club') club: string, @Res() reply: CsvReply): Promise<void> {
    sendCsv(reply, `${slug(club)}-events.csv`, await this.exports.clubEvents(admin, club));
  }
}
