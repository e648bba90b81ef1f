import type { CatalogCategoryResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { FormDialog, useHoldDialogOpen } from '@/components/form-dialog';
import { childrenOf, pathOf, visibleRows, type CategoryTree } from '../tree';

type DeleteCategoryDialogProps = {
  category: CatalogCategoryResponse;
  tree: CategoryTree;
  pending: boolean;
  /** The server's refusal, shown as it came (spec §8: a failed category delete shows the error message). */
  error: string | null;
  onConfirm: (reassignTo: number | undefined) => void;
  onClose: () => void;
};

/**
 * Confirms a delete. Its subcategories move up to its parent; when products sit in it, they
 * must go to another category first (DELETE ?reassign_to=), chosen here.
 */
export function DeleteCategoryDialog({ category, tree, pending, error, onConfirm, onClose }: DeleteCategoryDialogProps) {
  const titleId = useId();
  return (
    <FormDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DeleteCategoryForm titleId={titleId} category={category} tree={tree} pending={pending} error={error} onConfirm={onConfirm} onClose={onClose} />
    </FormDialog>
  );
}

/** Delete submits a form, so that FormDialog sends one DELETE when Enter or a click comes twice before the button shows it pending. */
function DeleteCategoryForm({ titleId, category, tree, pending, error, onConfirm, onClose }: DeleteCategoryDialogProps & { titleId: string }) {
  useHoldDialogOpen(pending);
  const [reassignTo, setReassignTo] = useState('');
  const products = category.products_count;
  const children = childrenOf(tree, category.id).length;
  const others = visibleRows(tree, new Set(tree.byId.keys())).filter((row) => row.category.id !== category.id);
  const needsTarget = products > 0 && reassignTo === '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!needsTarget) onConfirm(reassignTo === '' ? undefined : Number(reassignTo));
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      {/* In the form, so the content still follows the title (MUI drops the content's top padding then). */}
      <DialogTitle id={titleId}>Delete category</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Delete {pathOf(tree, category.id)}?
          {children > 0 ? ` Its ${children === 1 ? 'subcategory moves' : `${children} subcategories move`} up to take its place.` : ''}
        </DialogContentText>
        {products > 0 ? (
          <TextField
            select
            fullWidth
            label="Move its products to"
            value={reassignTo}
            onChange={(event) => setReassignTo(event.target.value)}
            helperText={`${products} ${products === 1 ? 'product is' : 'products are'} in this category.`}
            sx={{ mt: 2 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Choose a category</option>
            {others.map(({ category: option }) => (
              <option key={option.id} value={String(option.id)}>
                {pathOf(tree, option.id)}
              </option>
            ))}
          </TextField>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="error" loading={pending} disabled={needsTarget}>
          Delete
        </Button>
      </DialogActions>
    </form>
  );
}
