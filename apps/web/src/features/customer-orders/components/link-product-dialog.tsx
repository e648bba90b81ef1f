import type { OrderItemResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { CatalogProductPicker, type CatalogProductChoice } from '@/components/catalog-product-picker';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';
import { errorText, fieldErrorsOf } from '@/lib/api-client';
import { useLinkOrderItemProduct } from '../api/link-order-item-product';
import { formatQuantity } from './format';

type LinkProductDialogProps = {
  item: OrderItemResponse;
  onLinked: (product: CatalogProductChoice) => void;
  onClose: () => void;
};

/**
 * Links an order line the store sent without a known SKU to the catalog product it is, so it can
 * be picked (and backordered). The store's next sync keeps the link while the line's SKU stays.
 */
export function LinkProductDialog({ item, onLinked, onClose }: LinkProductDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <LinkProductForm titleId={titleId} item={item} onLinked={onLinked} onClose={onClose} />
    </FormDialog>
  );
}

function LinkProductForm({ titleId, item, onLinked, onClose }: LinkProductDialogProps & { titleId: string }) {
  const [product, setProduct] = useState<CatalogProductChoice | null>(null);
  const link = useLinkOrderItemProduct();
  const fields = link.isError ? fieldErrorsOf(link.error) : null;
  const productError = fields?.product?.join(' ') ?? null;
  const otherError = link.isError && !productError ? (fields ? Object.values(fields).flat().join(' ') : errorText(link.error)) : null;
  // Held open while the link is saved, and Enter pressed twice sends one PUT.
  useHoldDialogOpen(link.isPending);

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!product) return;
    link.mutate({ item: item.id, body: { product: product.id } }, { onSuccess: () => onLinked(product) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <DialogTitle id={titleId}>Link a catalog product</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {formatQuantity(item.quantity)} × {item.prod_name || 'an unnamed item'}
          {item.prod_sku ? ` (SKU ${item.prod_sku}, not in the catalog)` : ' (no SKU)'}: choose the product to pick for it.
        </DialogContentText>
        {otherError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {otherError}
          </Alert>
        ) : null}
        <CatalogProductPicker
          value={product}
          onChange={setProduct}
          required
          error={productError}
          helperText="The store's next sync keeps this link while the line's SKU stays the same."
          disabled={link.isPending}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={link.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!product} loading={link.isPending}>
          Link product
        </Button>
      </DialogActions>
    </form>
  );
}
