import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { toastAdded, type ToastType } from './toasts-slice';

type Show = (message: string, duration?: number) => void;

/** `toast.info('Please login to enroll in events')`; a duration overrides the kind's default. */
export function useToast(): Record<ToastType, Show> {
  const dispatch = useDispatch();
  return useMemo(() => {
    const show =
      (type: ToastType): Show =>
      (message, duration) =>
        dispatch(toastAdded({ message, type, duration }));
    return { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
  }, [dispatch]);
}
