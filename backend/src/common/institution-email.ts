import { applyDecorators, Inject, Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, registerDecorator, ValidateBy, type ValidationOptions, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** An address at INSTITUTION_EMAIL_DOMAIN; needs class-validator's container (see configure-app). */
@ValidatorConstraint({ name: 'institutionEmail' })
@Injectable()
export class InstitutionEmailConstraint implements ValidatorConstraintInterface {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    const email = value.trim().toLowerCase();
    return EMAIL.test(email) && email.endsWith(`@${this.config.institutionEmailDomain}`);
  }

  defaultMessage(): string {
    return 'Please enter a valid institution email';
  }
}

function IsInstitutionEmail(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({ target: target.constructor, propertyName: String(propertyName), options, constraints: [], validator: InstitutionEmailConstraint });
}

const normalisedEmail = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** Shaped like an address at all (any domain), so a form can word "malformed" apart from "elsewhere". */
const IsEmailShaped = (message: string) =>
  ValidateBy({ name: 'emailShaped', validator: { validate: (value: unknown) => typeof value === 'string' && EMAIL.test(value.trim()) } }, { message });

/**
 * An e-mail field of any form: trimmed, lower-cased, required and at the institution's domain.
 * With `malformed`, an address that is not one at all gets that message before the domain rule's.
 * applyDecorators applies these first to last, the opposite of stacked decorators, so
 * "required" comes first here.
 */
export const InstitutionEmailField = ({ malformed }: { malformed?: string } = {}) =>
  applyDecorators(
    IsNotEmpty({ message: 'Email is required' }),
    ...(malformed ? [IsEmailShaped(malformed)] : []),
    IsInstitutionEmail(),
    normalisedEmail(),
    ApiProperty({ example: 'priya.23cse@campus.ac.in' }),
  );
