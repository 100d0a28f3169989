import { useState } from 'react';
import { failureMessage, fieldErrorsOf } from '../api/base-api';
import type { AlertTone } from '../components/Alert';
import { useToast } from './use-toast';

/** What the form shows beside itself after a request: a success or an error text. */
interface FormOutcome {
  tone: AlertTone;
  text: string;
}

interface FormWithServerErrors {
  setServerErrors: (byField: Record<string, string>) => void;
}

/**
 * How a form reports what happened to its request: a message beside the form (it stays) and a
 * toast (it is seen wherever the eye is). A failure's field errors go under their fields.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const toast = useToast();
  return {
    outcome,
    clear: () => setOutcome(null),
    failed: (error: unknown, fallback: string, form?: FormWithServerErrors) => {
      const text = failureMessage(error, fallback);
      form?.setServerErrors(fieldErrorsOf(error));
      setOutcome({ tone: 'error', text });
      toast.error(text);
    },
    /** `pageText` beside the form; the toast says `toastText`, the server's words when they differ. */
    succeeded: (pageText: string, toastText = pageText) => {
      setOutcome({ tone: 'success', text: pageText });
      toast.success(toastText);
    },
  };
}
