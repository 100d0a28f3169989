import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Toasts } from '../components/Toasts';
import { selectToasts, toastDismissed, toastRemoved, toastsCleared } from './toasts-slice';

/** The toast area every screen shows. */
export function ToastRegion() {
  const toasts = useSelector(selectToasts);
  const dispatch = useDispatch();
  const dismiss = useCallback((id: string) => dispatch(toastDismissed(id)), [dispatch]);
  const remove = useCallback((id: string) => dispatch(toastRemoved(id)), [dispatch]);
  const clearAll = useCallback(() => dispatch(toastsCleared()), [dispatch]);
  return <Toasts toasts={toasts} onDismiss={dismiss} onRemove={remove} onClearAll={clearAll} />;
}
