import { MESSAGES, type LocationResponse, type ProductPatch } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { FormDialogActions } from '@/components/form-dialog';
import { NUMBER_INPUTS, parseLocation, parseMoney, parseQuantity, parseVat, type ParseResult } from './product-fields';

type BulkField = {
  name: 'vat' | 'qty_restock_level' | 'qty_restock_amount' | 'default_location_id' | 'cost_shipping';
  label: string;
  parse: (text: string) => ParseResult<unknown>;
  input?: { min: number; max?: number; step: number };
  message: string;
};

/** The fields one value can be set for on many products at once. */
const BULK_FIELDS: BulkField[] = [
  { name: 'vat', label: 'VAT (%)', parse: parseVat, input: NUMBER_INPUTS.vat, message: MESSAGES.productUpdated },
  { name: 'qty_restock_level', label: 'Restock level', parse: parseQuantity, input: NUMBER_INPUTS.quantity, message: MESSAGES.productUpdated },
  { name: 'qty_restock_amount', label: 'Restock quantity', parse: parseQuantity, input: NUMBER_INPUTS.quantity, message: MESSAGES.productUpdated },
  { name: 'default_location_id', label: 'Default location', parse: parseLocation, message: MESSAGES.defaultLocationUpdated },
  { name: 'cost_shipping', label: 'Shipping cost', parse: parseMoney, input: NUMBER_INPUTS.money, message: MESSAGES.productUpdated },
];

export type SetFieldDialogProps = {
  open: boolean;
  /** How many products the value goes to. */
  count: number;
  /** Whether `count` is the server's estimate (all products matching the filter of a long list). */
  estimate?: boolean;
  locations: LocationResponse[];
  pending: boolean;
  onApply: (patch: Omit<ProductPatch, 'id'>, message: string) => void;
  onClose: () => void;
};

export function SetFieldDialog({ open, onClose, ...props }: SetFieldDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={props.pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Set a field</DialogTitle>
      {open ? <SetFieldForm {...props} onClose={onClose} /> : null}
    </Dialog>
  );
}

function SetFieldForm({ count, estimate = false, locations, pending, onApply, onClose }: Omit<SetFieldDialogProps, 'open'>) {
  const [fieldName, setFieldName] = useState<BulkField['name']>('vat');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = BULK_FIELDS.find((candidate) => candidate.name === fieldName)!;

  const handleApply = () => {
    const parsed = field.parse(value);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    onApply({ [field.name]: parsed.value }, field.message);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        handleApply();
      }}
    >
      <DialogContent sx={{ pt: 0.5 }}>
        <DialogContentText sx={{ mb: 2 }}>
          {estimate
            ? `The value goes to about ${count.toLocaleString()} selected products.`
            : count === 1
              ? 'The value goes to the selected product.'
              : `The value goes to all ${count.toLocaleString()} selected products.`}
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label="Field"
            value={fieldName}
            onChange={(event) => {
              setFieldName(event.target.value as BulkField['name']);
              setValue('');
              setError(null);
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {BULK_FIELDS.map((option) => (
              <option key={option.name} value={option.name}>
                {option.label}
              </option>
            ))}
          </TextField>
          {field.name === 'default_location_id' ? (
            <TextField
              select
              size="small"
              label="Value"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">No default location</option>
              {locations.map((location) => (
                <option key={location.id} value={String(location.id)}>
                  {location.name}
                </option>
              ))}
            </TextField>
          ) : (
            <TextField
              size="small"
              label="Value"
              value={value}
              error={Boolean(error)}
              helperText={error ?? undefined}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, inputLabel: { shrink: true } }}
            />
          )}
          {pending ? <Alert severity="info">Saving… keep this page open until it is done.</Alert> : null}
        </Stack>
      </DialogContent>
      <FormDialogActions pending={pending} submitLabel="Apply" onCancel={onClose} />
    </Box>
  );
}
