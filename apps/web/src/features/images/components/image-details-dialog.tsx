import { MESSAGES, type ImageClassificationResponse, type ImageResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import { useId, useState, type FormEvent } from 'react';
import { CatalogProductPicker } from '@/components/catalog-product-picker';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbar-provider';
import { fieldErrorsOf, serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useAttachToProduct, useDetachFromProduct, useProductImagesOf, useProductsById } from '../api/product-images';
import { useDeleteImage, useUpdateImage } from '../api/update-image';
import { formatDimensions, formatKb } from './format';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';

type ImageDetailsDialogProps = {
  image: ImageResponse | null;
  classifications: ImageClassificationResponse[];
  onClose: () => void;
};

/** One image: its preview and facts, rename, classify, attach to and detach from products, delete. */
export function ImageDetailsDialog({ image, classifications, onClose }: ImageDetailsDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open={image !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Image details</DialogTitle>
      {/* Keyed by image: another image starts with its own values. */}
      {image ? <ImageDetails key={image.id} image={image} classifications={classifications} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function ImageDetails({ image, classifications, onClose }: { image: ImageResponse; classifications: ImageClassificationResponse[]; onClose: () => void }) {
  const showSnackbar = useSnackbar();
  const update = useUpdateImage();
  const remove = useDeleteImage();
  const attach = useAttachToProduct();
  const detach = useDetachFromProduct();
  // Closed mid-save, the dialog's answer (a refused title, attach or detach) would have nowhere to show.
  const saving = update.isPending || remove.isPending || attach.isPending || detach.isPending;
  useHoldDialogOpen(saving);
  const [title, setTitle] = useState(image.title);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const saveTitle = (event: FormEvent) => {
    event.preventDefault();
    // Rename and classify share one mutation: a second call meanwhile would take the first one's answer (its message lost).
    if (update.isPending) return;
    const next = title.trim();
    if (!next) {
      setTitleError('Enter a title.');
      return;
    }
    setTitleError(null);
    update.mutate(
      { id: image.id, title: next },
      {
        onSuccess: () => showSnackbar(MESSAGES.updateSuccessfully),
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields?.title) setTitleError(fields.title.join(' '));
          else showSnackbar(serverMessage(error), 'error');
        },
      },
    );
  };

  const classify = (value: string) => {
    if (update.isPending) return;
    update.mutate(
      { id: image.id, classification: value ? Number(value) : null },
      { onSuccess: () => showSnackbar(MESSAGES.updateSuccessfully), onError: (error) => showSnackbar(serverMessage(error), 'error') },
    );
  };

  const handleDelete = () => {
    remove.mutate(image.id, {
      onSuccess: () => {
        showSnackbar(MESSAGES.removed);
        setConfirming(false);
        onClose();
      },
      onError: (error) => {
        showSnackbar(serverMessage(error), 'error');
        setConfirming(false);
      },
    });
  };

  return (
    <>
      <DialogContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 260px', maxWidth: 360 }}>
          <Box
            component="img"
            src={image.thumbnail_url}
            alt={image.title}
            sx={{ width: '100%', aspectRatio: '1 / 1', objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1, display: 'block' }}
          />
          <Box component="dl" sx={{ m: 0, mt: 1.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, typography: 'body2' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              File
            </Box>
            <Box component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
              <Link href={image.url} target="_blank" rel="noreferrer">
                {image.filename || image.title}
              </Link>
            </Box>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Pixels
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {formatDimensions(image)}
            </Box>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Size
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {formatKb(image.size)} ({image.content_type})
            </Box>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Added
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {formatDateTime(image.created_at)}
            </Box>
          </Box>
        </Box>
        <Stack spacing={2.5} sx={{ flex: '2 1 320px', pt: 1 }}>
          <Box component="form" noValidate onSubmit={saveTitle} aria-label="Rename image" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label="Title"
              size="small"
              fullWidth
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={Boolean(titleError)}
              helperText={titleError ?? undefined}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <Button
              type="submit"
              variant="outlined"
              // Waits for a classify too (one update at a time; see saveTitle).
              disabled={title.trim() === image.title || update.isPending}
              loading={update.isPending && update.variables?.title !== undefined}
            >
              Save
            </Button>
          </Box>
          <TextField
            select
            size="small"
            label="Classification"
            value={image.classification ? String(image.classification.id) : ''}
            onChange={(event) => classify(event.target.value)}
            disabled={update.isPending}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">No classification</option>
            {classifications.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.title}
              </option>
            ))}
          </TextField>
          <ImageProducts image={image} attach={attach} detach={detach} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button color="error" onClick={() => setConfirming(true)}>
          Delete image
        </Button>
        <Button onClick={onClose} disabled={saving}>
          Close
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        title="Delete image?"
        message={`${image.title} will be removed from the library and from the products it is attached to.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={handleDelete}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** The products the image is attached to, as chips to detach, and a picker to attach more. */
function ImageProducts({
  image,
  attach,
  detach,
}: {
  image: ImageResponse;
  attach: ReturnType<typeof useAttachToProduct>;
  detach: ReturnType<typeof useDetachFromProduct>;
}) {
  const showSnackbar = useSnackbar();
  const attachments = useProductImagesOf(image.id);
  const products = useProductsById((attachments.data ?? []).map((a) => a.product));
  const attached = new Set((attachments.data ?? []).map((a) => a.product));
  const headingId = useId();

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" sx={{ mb: 1 }}>
        Products
      </Typography>
      <Box component="ul" aria-label="Attached products" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, mb: 1.5, p: 0, listStyle: 'none' }}>
        {(attachments.data ?? []).map((attachment) => {
          const product = products.data?.get(attachment.product);
          const label = product ? `${product.sku} — ${product.name}` : `Product ${attachment.product}`;
          return (
            <li key={attachment.id}>
              <Chip
                label={label}
                // One detach at a time: a second click meanwhile would DELETE the same attachment again (a 404).
                disabled={detach.isPending}
                onDelete={() => {
                  if (detach.isPending) return;
                  detach.mutate(attachment.id, {
                    onSuccess: () => showSnackbar(MESSAGES.removed),
                    onError: (error) => showSnackbar(serverMessage(error), 'error'),
                  });
                }}
                deleteIcon={<CancelIcon aria-label={`Detach from ${label}`} />}
              />
            </li>
          );
        })}
        {attachments.data?.length === 0 ? (
          <Typography component="li" variant="body2" color="text.secondary">
            Not attached to any product.
          </Typography>
        ) : null}
      </Box>
      <CatalogProductPicker
        value={null}
        clearOnChoose
        exclude={attached}
        label="Attach to product"
        disabled={attach.isPending}
        onChange={(product) => {
          if (!product) return;
          attach.mutate(
            { product: product.id, image: image.id },
            {
              onSuccess: () => showSnackbar(MESSAGES.addSuccessfully),
              onError: (error) => showSnackbar(serverMessage(error), 'error'),
            },
          );
        }}
      />
    </Box>
  );
}
