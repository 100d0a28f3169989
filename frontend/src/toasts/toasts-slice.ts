import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { ToastType, ToastView } from '../components/Toasts';

export type { ToastType };

/** How long each kind stays on screen, in ms. A duration of 0 or less keeps a toast until dismissed. */
const TOAST_DURATIONS: Record<ToastType, number> = {
  success: 5000,
  error: 7000,
  warning: 6000,
  info: 5000,
};

interface Toast extends ToastView {
  createdAt: number;
}

interface NewToast {
  message: string;
  type?: ToastType;
  duration?: number;
}

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastAdded: {
      reducer: (toasts, action: PayloadAction<Toast>) => {
        toasts.push(action.payload);
      },
      prepare: ({ message, type = 'info', duration = TOAST_DURATIONS[type] }: NewToast) => ({
        payload: { id: nanoid(), message, type, duration, createdAt: Date.now(), leaving: false },
      }),
    },
    toastDismissed: (toasts, action: PayloadAction<string>) => {
      const toast = toasts.find((t) => t.id === action.payload);
      if (toast) toast.leaving = true;
    },
    toastsCleared: (toasts) => {
      toasts.forEach((t) => {
        t.leaving = true;
      });
    },
    toastRemoved: (toasts, action: PayloadAction<string>) => toasts.filter((t) => t.id !== action.payload),
  },
  selectors: {
    selectToasts: (toasts) => toasts,
  },
});

export const { toastAdded, toastDismissed, toastsCleared, toastRemoved } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;
