import { MESSAGES, Quantity } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { useState, type FormEvent } from 'react';
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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseOrderQuantity(quantity);
    const next: Errors = { product: product ? undefined : PRODUCT_REQUIRED, quantity: 'error' in parsed ? parsed.error : undefined };
    setErrors(next);
    if (!product || 'error' in parsed) return;
    createMutation.mutate(
      { order: orderId, product: product.id, quantity: parsed.quantity },
      {
        onSuccess: () => {
          showSnackbar(MESSAGES.ordered);
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
      <CatalogProductPicker value={product} onChange={setProduct} required error={errors.product} disabled={createMutation.isPending} />
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
        disabled={createMutation.isPending}
        sx={{ width: 120 }}
        slotProps={{ htmlInput: QUANTITY_INPUT_PROPS }}
      />
      <Button type="submit" variant="outlined" startIcon={<AddIcon />} loading={createMutation.isPending} sx={{ mt: 0.25 }}>
        Add item
      </Button>
    </Box>
  );
}
