import { type SubmitEvent, useEffect, useRef, useState } from 'react';

type FormValues = Record<string, string>;
type FormErrors<V extends FormValues> = Partial<Record<keyof V, string>>;

/** Drops the rules that hold, so an empty object means the form may be sent. */
export function failing<V extends FormValues>(errors: Partial<Record<keyof V, string | undefined>>): FormErrors<V> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FormErrors<V>;
}

/** What a form field component needs from the form: spread it onto TextField, SelectField or PasswordField. */
interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * A form's values and errors. A rule's message shows once its field has been left or the form
 * submitted; a server's message for a field shows until that field is edited. Nothing typed is
 * ever cleared by an error. A blocked submission moves focus to the first field in error.
 */
export function useForm<V extends FormValues>(initial: V, validate: (values: V) => FormErrors<V>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrorsState] = useState<FormErrors<V>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const ruleErrors = validate(values);

  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const errorOf = (name: keyof V): string | undefined => serverErrors[name] ?? (submitted || touched[name] ? ruleErrors[name] : undefined);

  const setValue = (name: keyof V, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrorsState(({ [name]: _edited, ...rest }) => rest as FormErrors<V>);
  };

  const touch = (name: keyof V) => setTouched((current) => ({ ...current, [name]: true }));

  /**
   * Props for the field `name`. A text field is judged once left; a choice (select, radios) as
   * soon as it changes, since choosing is finished in one step.
   */
  const field = (name: keyof V & string, kind: 'text' | 'choice' = 'text'): BoundField => ({
    name,
    value: values[name],
    error: errorOf(name),
    onValueChange: (value) => {
      setValue(name, value);
      if (kind === 'choice') touch(name);
    },
    onBlur: () => touch(name),
  });

  /**
   * Runs `onValid` with the values when every rule holds; otherwise shows the errors. `onValid`
   * shows its own outcome (a mutation answers a failure as a value, it never rejects), so nothing
   * waits for its promise.
   */
  const handleSubmit = (onValid: (values: V) => Promise<void>) => (event: SubmitEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(ruleErrors).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    void onValid(values);
  };

  /** Shows the server's messages under their fields, keeping only fields this form has. */
  const setServerErrors = (byField: Record<string, string>) => {
    const known = Object.fromEntries(Object.entries(byField).filter(([name]) => name in initial)) as FormErrors<V>;
    setServerErrorsState(known);
    if (Object.keys(known).length > 0) setFocusRequest((n) => n + 1);
  };

  const reset = () => {
    setValues(initial);
    setTouched({});
    setSubmitted(false);
    setServerErrorsState({});
  };

  return { values, field, setValue, errorOf, handleSubmit, setServerErrors, reset, formRef };
}
