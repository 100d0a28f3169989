import { TextField, type TextFieldProps } from '../../components/FormField';

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'placeholder'> & {
  /** The institution's domain, shown as the example address; unknown while the festival loads. */
  emailDomain?: string;
};

/** An institution e-mail input, with the domain students must use as its example. */
export function EmailField({ emailDomain, ...field }: EmailFieldProps) {
  return <TextField type="email" autoComplete="email" placeholder={emailDomain ? `you@${emailDomain}` : undefined} {...field} />;
}
