import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import { lazy, Suspense, useId, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';

// The form (react-hook-form, its zod schema) loads when the dialog first opens, not with every screen's top bar (ADR 0028).
const FeedbackForm = lazy(async () => ({ default: (await import('./feedback-form')).FeedbackForm }));

export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Tooltip title="Send feedback">
        <IconButton aria-label="Send feedback" onClick={() => setOpen(true)}>
          <FeedbackOutlinedIcon />
        </IconButton>
      </Tooltip>
      <FormDialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>Send feedback</DialogTitle>
        {open ? (
          <Suspense fallback={null}>
            <FeedbackForm onClose={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </FormDialog>
    </>
  );
}
