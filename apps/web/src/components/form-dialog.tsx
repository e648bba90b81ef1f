import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import { createContext, useContext, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';

type Hold = {
  setPending: (pending: boolean) => void;
  /** A form that holds the dialog open is in it; returns its unregistration. */
  register: () => () => void;
};

const HoldOpen = createContext<Hold>({ setPending: () => undefined, register: () => () => undefined });

type FormDialogProps = Omit<DialogProps, 'onClose'> & { onClose: () => void };

/**
 * A dialog around a form that saves. While the form's save runs (useHoldDialogOpen), Escape and a
 * click outside leave the dialog open: closed mid-save, the form is gone when the answer comes,
 * and a refusal would have nowhere to show. The form's Cancel button is disabled meanwhile too.
 * For a dialog and form that are one component, `onClose={pending ? undefined : onClose}` is the same.
 *
 * It also sends a form once: a second submit (Enter pressed twice) while the first is being
 * handled is dropped. The submit button's disabled state did not stop it: the form checks its
 * values first (asynchronously), and only the re-render after the save has started disables the
 * button, so a second Enter in between saved twice (two POSTs, two new records).
 */
export function FormDialog({ onClose, children, open, ...props }: FormDialogProps) {
  const [pending, setPending] = useState(false);
  /** A submit was let through and its save has not come back yet. */
  const submitting = useRef(false);
  /** How many forms in the dialog hold it open: a form without a save to wait for is never blocked. */
  const holders = useRef(0);
  const [hold] = useState<Hold>(() => ({
    setPending,
    register: () => {
      holders.current += 1;
      return () => {
        holders.current -= 1;
      };
    },
  }));

  // The save came back (a refusal keeps the dialog open): the form may be sent again.
  useEffect(() => {
    if (!pending) submitting.current = false;
  }, [pending]);
  // Each opening starts afresh.
  useEffect(() => {
    submitting.current = false;
  }, [open]);

  const handleSubmitCapture = (event: FormEvent) => {
    if (holders.current === 0) return;
    if (submitting.current || pending) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    submitting.current = true;
  };
  // A submit whose check refused the values starts no save: the user's next move in the form (typing,
  // a choice picked by click or by arrow keys) lets it go again. Enter and the submit button do not.
  const release = () => {
    if (!pending) submitting.current = false;
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') release();
  };
  const handleClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element && event.target.closest('button[type="submit"]'))) release();
  };

  return (
    <Dialog
      {...props}
      open={open}
      onClose={pending ? undefined : onClose}
      onSubmitCapture={handleSubmitCapture}
      onInputCapture={release}
      onChangeCapture={release}
      onKeyDownCapture={handleKeyDown}
      onClickCapture={handleClick}
    >
      <HoldOpen.Provider value={hold}>{children}</HoldOpen.Provider>
    </Dialog>
  );
}

/** Keeps the surrounding FormDialog open while `pending` (a save is on its way), and its form from being sent twice. */
export function useHoldDialogOpen(pending: boolean) {
  const { setPending, register } = useContext(HoldOpen);
  useEffect(register, [register]);
  useEffect(() => {
    setPending(pending);
    return () => setPending(false);
  }, [pending, setPending]);
}

/** A form dialog's Cancel and submit buttons: Cancel waits while the save runs, the submit shows it. */
export function FormDialogActions({ pending, submitLabel, onCancel }: { pending: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" loading={pending}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
