import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { PAGE_FIELDS, type PageFields, paged } from '../common/pagination.js';
import { AuditQuery } from './audit.dto.js';
import { AuditEntryResponse, toAuditEntryResponse } from './audit.response.js';
import { AuditService } from './audit.service.js';

@ApiTags('audit')
@Controller('admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @SuperAdminOnly()
  @ApiOperation({ summary: 'The audit trail (super admin)', description: "What admins did, newest first; one club's records or one person's actions." })
  @ApiEnvelope({ description: 'One page of records and how many there are.', payload: { entries: [AuditEntryResponse], ...PAGE_FIELDS } })
  async list(@Query() query: AuditQuery): Promise<SuccessEnvelope<{ entries: AuditEntryResponse[] } & PageFields>> {
    const page = await this.audit.read({ club: query.club, actorId: query.actorId }, query.offset, query.limit);
    return { success: true, ...paged('entries', query, { items: page.items.map(toAuditEntryResponse), total: page.total }) };
  }
}
