import { applyDecorators, Inject, Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, registerDecorator, ValidateBy, type ValidationOptions, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { canonicalEmail, isInstitutionAddress, isPlainEmail } from './email-address.js';

/** A plain address at INSTITUTION_EMAIL_DOMAIN; needs class-validator's container (see configure-app). */
@ValidatorConstraint({ name: 'institutionEmail' })
@Injectable()
export class InstitutionEmailConstraint implements ValidatorConstraintInterface {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    return isInstitutionAddress(canonicalEmail(value), this.config.institutionEmailDomain);
  }

  defaultMessage(): string {
    return 'Please enter a valid institution email';
  }
}

function IsInstitutionEmail(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({ target: target.constructor, propertyName: String(propertyName), options, constraints: [], validator: InstitutionEmailConstraint });
}

const canonicalised = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? canonicalEmail(value) : value));

/** A plain address at all (any domain), so a form can word "malformed" apart from "elsewhere". */
const IsPlainEmail = (message: string) =>
  ValidateBy(
    { name: 'plainEmail', validator: { validate: (value: unknown) => typeof value === 'string' && isPlainEmail(canonicalEmail(value)) } },
    { message },
  );

/**
 * An e-mail field of any form: canonical (trimmed, lower-cased), required, plain and at the
 * institution's domain. With `malformed`, an address that is not a plain one gets that message
 * before the domain rule's. applyDecorators applies these first to last, the opposite of
 * stacked decorators, so "required" comes first here.
 */
export const InstitutionEmailField = ({ malformed }: { malformed?: string } = {}) =>
  applyDecorators(
    IsNotEmpty({ message: 'Email is required' }),
    ...(malformed ? [IsPlainEmail(malformed)] : []),
    IsInstitutionEmail(),
    canonicalised(),
    ApiProperty({ example: 'priya.23cse@campus.ac.in', description: "A plain address (letters, digits, '.', '_', '-', '+') at the institution's domain" }),
  );
