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
 * How a form reports what happened to its request, once, where it belongs: a problem of one
 * field under that field, any other outcome beside the form. A toast only when the form is about
 * to go away (a redirect), since a toast over a form can hide the very control in use.
 */
export function useOutcome() {
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const toast = useToast();
  return {
    outcome,
    clear: () => setOutcome(null),
    failed: (error: unknown, fallback: string, form?: FormWithServerErrors) => {
      const byField = fieldErrorsOf(error);
      form?.setServerErrors(byField);
      const saidUnderFields = form !== undefined && Object.keys(byField).length > 0;
      setOutcome(saidUnderFields ? null : { tone: 'error', text: failureMessage(error, fallback) });
    },
    /** `pageText` beside the form; `toastText` (the server's words) as a toast when the page is about to be left. */
    succeeded: (pageText: string, toastText?: string) => {
      setOutcome({ tone: 'success', text: pageText });
      if (toastText) toast.success(toastText);
    },
  };
}
