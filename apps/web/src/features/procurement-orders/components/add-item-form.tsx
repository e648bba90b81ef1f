import { MESSAGES, Quantity } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CatalogProductPicker, type CatalogProductChoice } from '@/components/catalog-product-picker';
import { useSnackbar } from '@/components/snackbar-provider';
import { fieldErrorsOf, serverMessage } from '@/lib/api-client';
import { useCreateOrderItem } from '../api/create-order-item';
import { QUANTITY_INPUT_PROPS, QUANTITY_POSITIVE } from './format';

export const PRODUCT_REQUIRED = 'Choose a product.';

/** Checks a typed quantity like the server does (Quantity of the contract, and above 0). */
export function parseOrderQuantity(text: string): { quantity: string } | { error: string } {
  const parsed = Quantity.safeParse(text);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? QUANTITY_POSITIVE };
  if (Number(parsed.data) <= 0) return { error: QUANTITY_POSITIVE };
  return { quantity: parsed.data };
}

type Errors = { product?: string; quantity?: string };

/** One line: product, quantity, Add item. Enter in the quantity adds it. */
export function AddItemForm({ orderId }: { orderId: number }) {
  const showSnackbar = useSnackbar();
  const createMutation = useCreateOrderItem();
  const [product, setProduct] = useState<CatalogProductChoice | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<Errors>({});
  const productRef = useRef<HTMLInputElement>(null);
  // After an item is added the product field takes the focus for the next one (set before the re-render that ends the save).
  const focusProduct = useRef(false);
  const pending = createMutation.isPending;
  useEffect(() => {
    if (pending || !focusProduct.current) return;
    focusProduct.current = false;
    productRef.current?.focus();
  }, [pending]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (createMutation.isPending) return;
    const parsed = parseOrderQuantity(quantity);
    const next: Errors = { product: product ? undefined : PRODUCT_REQUIRED, quantity: 'error' in parsed ? parsed.error : undefined };
    setErrors(next);
    if (!product || 'error' in parsed) return;
    createMutation.mutate(
      { order: orderId, product: product.id, quantity: parsed.quantity },
      {
        onSuccess: () => {
          showSnackbar(MESSAGES.ordered);
          focusProduct.current = true;
          setProduct(null);
          setQuantity('1');
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields && (fields.product || fields.quantity)) setErrors({ product: fields.product?.join(' '), quantity: fields.quantity?.join(' ') });
          else showSnackbar(serverMessage(error), 'error');
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit}
      aria-label="Add item"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <CatalogProductPicker value={product} onChange={setProduct} required error={errors.product} disabled={pending} inputRef={productRef} />
      <TextField
        size="small"
        fullWidth={false}
        type="number"
        label="Quantity"
        required
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        error={Boolean(errors.quantity)}
        helperText={errors.quantity}
        // Read-only rather than disabled while it saves: a disabled field drops the keyboard focus.
        sx={{ width: 120 }}
        slotProps={{ htmlInput: { ...QUANTITY_INPUT_PROPS, readOnly: pending } }}
      />
      <Button type="submit" variant="outlined" startIcon={<AddIcon />} loading={pending} sx={{ mt: 0.25 }}>
        Add item
      </Button>
    </Box>
  );
}
