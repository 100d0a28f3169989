/** Shapes of every answer the API gives; the client reads `success` and `message`. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  errors?: FieldError[];
  /** Set when a verification link needs the password chosen at sign-up (another browser). */
  passwordRequired?: boolean;
  /** Set when a verification link was used already: the account exists and can sign in. */
  alreadyVerified?: boolean;
}

export type SuccessEnvelope<T extends object = object> = { success: true; message?: string } & T;
