import { ApiProperty } from '@nestjs/swagger';

/** A place as the public results show it: names and department, never an e-mail or a roll number. */
class WinnerResponse {
  @ApiProperty({ minimum: 1 }) place: number;
  @ApiProperty({ description: "The student's name; a team's leader's" }) name: string;
  @ApiProperty({ type: String, nullable: true, description: 'null for a solo winner' }) teamName: string | null;
  @ApiProperty({ type: [String], nullable: true, description: "A team's members' names, the leader first; null for a solo winner" }) members: string[] | null;
  @ApiProperty({ type: String, nullable: true, description: "The student's (a team leader's) department" }) dept: string | null;
}

/** A place as its club's admins chose it: the public fields and whom it names. */
export class ChosenWinnerResponse extends WinnerResponse {
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) userId: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) teamId: string | null;
}

class ResultsEventRef {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) clubInCharge: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) eventDate: string | null;
}

/** An event's published results. */
export class ResultsResponse {
  @ApiProperty({ type: ResultsEventRef }) event: ResultsEventRef;
  @ApiProperty({ format: 'date-time', description: 'When the winners were confirmed' }) confirmedAt: string;
  @ApiProperty({ type: [WinnerResponse], description: 'First place first' }) winners: WinnerResponse[];
}
