import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './FormField.css';

interface Messages {
  error?: string;
  hint?: string;
}

/** The ids of a field's hint and error, and the aria-describedby that names those shown. */
export function messageIds(id: string, { hint, error }: Messages) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

/** A field's hint and error, under its control, with the ids `messageIds` names. */
export function FieldMessages({ id, hint, error }: Messages & { id: string }) {
  const { hintId, errorId } = messageIds(id, { hint, error });
  return (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}

/** What a control needs to be tied to its label, hint and error. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, a control, an optional hint and the field's error, linked for assistive technology. */
function Field({ label, error, hint, children }: Messages & { label: string; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const { describedBy } = messageIds(id, { hint, error });
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

interface ValueProps extends Messages {
  label: string;
  value: string;
  onValueChange?: (value: string) => void;
}

export type TextFieldProps = ValueProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

export function TextField({ label, value, onValueChange, error, hint, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <input {...input} {...control} value={value} onChange={(event) => onValueChange?.(event.target.value)} />}
    </Field>
  );
}

type TextAreaFieldProps = ValueProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'>;

export function TextAreaField({ label, value, onValueChange, error, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <textarea {...textarea} {...control} value={value} onChange={(event) => onValueChange?.(event.target.value)} />}
    </Field>
  );
}

type CheckboxFieldProps = Omit<ValueProps, 'value' | 'onValueChange'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'type' | 'checked'>;

/** A yes-or-no choice: the box before its label. */
export function CheckboxField({ label, checked, onCheckedChange, error, hint, ...input }: CheckboxFieldProps) {
  const id = useId();
  const { describedBy } = messageIds(id, { hint, error });
  return (
    <div className="checkbox-field" data-invalid={error ? true : undefined}>
      <input
        {...input}
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide toggle, so people on phones can check what they typed. */
export function PasswordField({ label, value, onValueChange, error, hint, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <div className="password-input">
          <input {...input} {...control} type={visible ? 'text' : 'password'} value={value} onChange={(event) => onValueChange?.(event.target.value)} />
          <button
            type="button"
            className="password-input__toggle"
            aria-controls={control.id}
            aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
  /** Shown but not selectable (its label, or the field's hint, says why). */
  disabled?: boolean;
}

type SelectFieldProps = ValueProps & {
  options: readonly Option[];
  /** The empty first choice, e.g. "Select department". */
  placeholder: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id'>;

export function SelectField({ label, value, onValueChange, error, hint, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <select {...select} {...control} value={value} onChange={(event) => onValueChange?.(event.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type RadioGroupFieldProps = ValueProps & { name: string; options: readonly Option[]; onBlur?: () => void };

/** A few exclusive choices, all visible: a fieldset whose legend is the label. */
export function RadioGroupField({ label, value, onValueChange, error, hint, name, options, onBlur }: RadioGroupFieldProps) {
  const id = useId();
  const { describedBy } = messageIds(id, { hint, error });
  return (
    <fieldset className="radio-group" data-invalid={error ? true : undefined} aria-describedby={describedBy}>
      <legend>{label}</legend>
      <div className="radio-group__options">
        {options.map((option) => (
          <label key={option.value} className="radio-group__option">
            {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- the form focuses its first [aria-invalid] field (use-form), and screen readers announce the choice as invalid */}
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              aria-invalid={error ? true : undefined}
              onChange={() => onValueChange?.(option.value)}
              onBlur={onBlur}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </fieldset>
  );
}
