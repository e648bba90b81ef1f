import Dialog, { type DialogProps } from '@mui/material/Dialog';
import { createContext, useContext, useEffect, useState } from 'react';

const HoldOpen = createContext<(pending: boolean) => void>(() => undefined);

type FormDialogProps = Omit<DialogProps, 'onClose'> & { onClose: () => void };

/**
 * A dialog around a form that saves. While the form's save runs (useHoldDialogOpen), Escape and a
 * click outside leave the dialog open: closed mid-save, the form is gone when the answer comes,
 * and a refusal would have nowhere to show. The form's Cancel button is disabled meanwhile too.
 * For a dialog and form that are one component, `onClose={pending ? undefined : onClose}` is the same.
 */
export function FormDialog({ onClose, children, ...props }: FormDialogProps) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog {...props} onClose={pending ? undefined : onClose}>
      <HoldOpen.Provider value={setPending}>{children}</HoldOpen.Provider>
    </Dialog>
  );
}

/** Keeps the surrounding FormDialog open while `pending` (a save is on its way). */
export function useHoldDialogOpen(pending: boolean) {
  const setPending = useContext(HoldOpen);
  useEffect(() => {
    setPending(pending);
    return () => setPending(false);
  }, [pending, setPending]);
}
