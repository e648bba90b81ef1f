import { MESSAGES, type ImageUploadFailure } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useId, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useSnackbar } from '@/components/snackbar-provider';
import { splitUrls, useAddImages, type AddImagesResult } from '../api/create-image-urls';
import { countsMessage, formatBytes } from './format';
import { ProcurementProductPicker, type PickedProduct } from './procurement-product-picker';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';

export const PRODUCT_REQUIRED = 'Choose a procurement product.';
export const URLS_REQUIRED = 'Paste at least one image URL.';
export const FILES_REQUIRED = 'Choose at least one image file.';

type Mode = 'urls' | 'upload';
/** The file input stays in the page (labels, tests and assistive tech reach it); its button is what shows. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  clip: 'rect(0 0 0 0)',
} as const;
type Errors = { product?: string; urls?: string; files?: string };

type AddImagesDialogProps = {
  open: boolean;
  /** Preselects the product (the list's product filter). */
  defaultProduct: PickedProduct | null;
  onClose: () => void;
};

export function AddImagesDialog({ open, onClose, defaultProduct }: AddImagesDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Add images</DialogTitle>
      {/* Unmounted while closed: every opening starts clean. */}
      <AddImagesForm defaultProduct={defaultProduct} onClose={onClose} />
    </FormDialog>
  );
}

function AddImagesForm({ defaultProduct, onClose }: Omit<AddImagesDialogProps, 'open'>) {
  const showSnackbar = useSnackbar();
  const addMutation = useAddImages();
  useHoldDialogOpen(addMutation.isPending);
  const filesHelpId = useId();
  const [product, setProduct] = useState<PickedProduct | null>(defaultProduct);
  const [mode, setMode] = useState<Mode>('urls');
  const [urls, setUrls] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<AddImagesResult | null>(null);

  const handleSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    const next: Errors = {
      product: product ? undefined : PRODUCT_REQUIRED,
      urls: mode === 'urls' && splitUrls(urls).length === 0 ? URLS_REQUIRED : undefined,
      files: mode === 'upload' && files.length === 0 ? FILES_REQUIRED : undefined,
    };
    setErrors(next);
    if (!product || next.urls || next.files) return;
    setResult(null);
    addMutation.mutate(mode === 'urls' ? { product: product.id, urls } : { product: product.id, files }, {
      onSuccess: (outcome) => {
        if (outcome.created.length > 0 && outcome.failed.length === 0) {
          showSnackbar(countsMessage(outcome.created.length, 0));
          onClose();
          return;
        }
        setResult(outcome);
        // What failed stays to be fixed and sent again; what was added goes.
        if (mode === 'urls') {
          const failedNames = new Set(outcome.failed.map((failure) => failure.name));
          setUrls(
            splitUrls(urls)
              .filter((url) => failedNames.has(url))
              .join('\n'),
          );
        } else setFiles([]);
      },
    });
  };

  // Enter makes a new line in the URL list; Ctrl+Enter (Cmd+Enter) sends it.
  const handleUrlsKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      handleSubmit();
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Add images">
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ProcurementProductPicker value={product} onChange={setProduct} required error={errors.product} autoFocus={!defaultProduct} width="100%" />
          <Tabs value={mode} onChange={(_event, next: Mode) => setMode(next)} aria-label="How to add images">
            <Tab value="urls" label="Paste URLs" />
            <Tab value="upload" label="Upload files" />
          </Tabs>
          {mode === 'urls' ? (
            <TextField
              label="Image URLs"
              multiline
              minRows={4}
              maxRows={10}
              value={urls}
              onChange={(event) => setUrls(event.target.value)}
              onKeyDown={handleUrlsKeyDown}
              placeholder={'https://supplier.example/images/1.jpg\nhttps://supplier.example/images/2.jpg'}
              error={Boolean(errors.urls)}
              helperText={errors.urls ?? 'One URL per line. Ctrl+Enter adds them.'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ) : (
            <Box>
              <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />}>
                Choose files
                <Box
                  component="input"
                  sx={visuallyHidden}
                  type="file"
                  multiple
                  accept="image/*"
                  aria-label="Image files"
                  aria-describedby={filesHelpId}
                  onChange={(event: ChangeEvent<HTMLInputElement>) => {
                    setFiles(Array.from(event.target.files ?? []));
                    // The same file chosen again after a failure must fire a change too.
                    event.target.value = '';
                  }}
                />
              </Button>
              <FormHelperText id={filesHelpId} error={Boolean(errors.files)}>
                {errors.files ?? 'PNG, JPEG, WebP or GIF, up to 10 MB each.'}
              </FormHelperText>
              {files.length ? (
                <Box component="ul" aria-label="Chosen files" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                  {files.map((file, index) => (
                    <Typography component="li" variant="body2" key={`${file.name}-${index}`}>
                      {file.name}{' '}
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        ({formatBytes(file.size)})
                      </Box>
                    </Typography>
                  ))}
                </Box>
              ) : null}
            </Box>
          )}
          {result ? <ResultAlert result={result} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={addMutation.isPending}>
          {result ? 'Close' : 'Cancel'}
        </Button>
        <Button type="submit" variant="contained" loading={addMutation.isPending}>
          {mode === 'urls' ? 'Add images' : 'Upload'}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Spec §4: successes and failures counted; nothing added at all is MESSAGES.couldNotUploadImages. */
function ResultAlert({ result }: { result: AddImagesResult }) {
  const none = result.created.length === 0;
  return (
    <Alert severity={none ? 'error' : 'warning'} role="alert">
      <AlertTitle>{none ? MESSAGES.couldNotUploadImages : countsMessage(result.created.length, result.failed.length)}</AlertTitle>
      {none ? <Typography variant="body2">{countsMessage(0, result.failed.length)}</Typography> : null}
      <FailureList failed={result.failed} />
    </Alert>
  );
}

function FailureList({ failed }: { failed: ImageUploadFailure[] }) {
  return (
    <Box component="ul" aria-label="Failed images" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {failed.map((failure, index) => (
        <Typography component="li" variant="body2" key={`${failure.name}-${index}`} sx={{ wordBreak: 'break-all' }}>
          {failure.message ? `${failure.name}: ${failure.message}` : failure.name}
        </Typography>
      ))}
    </Box>
  );
}
