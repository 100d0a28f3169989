import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { SingleSpaced } from '../common/fields.js';

const REASON_MAX = 300;

// class-validator reports a property's rules from the bottom up: "required" is listed last.

/** Why a certificate is revoked: shown to whoever verifies it. */
export class RevokeCertificateDto {
  @ApiProperty({ minLength: 5, maxLength: REASON_MAX, description: 'Shown on the verification page' })
  @MaxLength(REASON_MAX, { message: `A reason has at most ${REASON_MAX} characters` })
  @MinLength(5, { message: 'Please say why in a few words' })
  @IsNotEmpty({ message: 'Please say why the certificate is revoked' })
  @IsString({ message: 'Please say why the certificate is revoked' })
  @SingleSpaced()
  reason: string;
}
