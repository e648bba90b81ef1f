import { zodResolver } from '@hookform/resolvers/zod';
import { FeedbackBody } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '@/components/form-text-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { applyServerErrors } from '@/lib/form-errors';
import { useSendFeedback } from '../api/send-feedback';
import { useHoldDialogOpen } from '@/components/form-dialog';

type FeedbackFormValues = z.input<typeof FeedbackBody>;
type FeedbackFormOutput = z.output<typeof FeedbackBody>;

/** The body of the "Send feedback" dialog (FeedbackButton loads it when first opened). */
export function FeedbackForm({ onClose }: { onClose: () => void }) {
  const location = useLocation();
  const showSnackbar = useSnackbar();
  const sendMutation = useSendFeedback();
  useHoldDialogOpen(sendMutation.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<FeedbackFormValues, unknown, FeedbackFormOutput>({
    resolver: zodResolver(FeedbackBody),
    defaultValues: { message: '', page: location.pathname },
  });

  const handleSend = handleSubmit((body) => {
    setFormError(null);
    sendMutation.mutate(body, {
      onSuccess: () => {
        showSnackbar('Thank you! Your feedback was sent.');
        onClose();
      },
      onError: (error) => setFormError(applyServerErrors(error, ['message'], setError)),
    });
  });

  return (
    <Box component="form" noValidate onSubmit={handleSend}>
      <DialogContent sx={{ pt: 0.5 }}>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          What works, what doesn't, what is missing? We read every message. The page you are on is sent along.
        </DialogContentText>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <FormTextField control={control} name="message" label="Message" multiline minRows={4} maxRows={12} autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sendMutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={sendMutation.isPending}>
          Send
        </Button>
      </DialogActions>
    </Box>
  );
}
