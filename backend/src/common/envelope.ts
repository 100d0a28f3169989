/** Shapes of every answer the API gives; the client reads `success` and `message`. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  errors?: FieldError[];
}

export type SuccessEnvelope<T extends object = object> = { success: true; message?: string } & T;
