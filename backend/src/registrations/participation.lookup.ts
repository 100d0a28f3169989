import { Injectable } from '@nestjs/common';
import type { ParticipationSource, StudentParticipation } from '../events/participation.js';
import { RegistrationsRepository } from './registrations.repository.js';

/** Answers the events module's question "what has this student registered for?". */
@Injectable()
export class ParticipationLookup implements ParticipationSource {
  constructor(private readonly registrations: RegistrationsRepository) {}

  async forStudent(userId: string): Promise<Map<string, StudentParticipation>> {
    const rows = await this.registrations.findByUser(userId);
    return new Map(rows.map((row) => [row.eventId, { appliedAt: row.appliedAt, status: row.status }]));
  }
}
