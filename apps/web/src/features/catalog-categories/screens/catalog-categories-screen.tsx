import { MESSAGES, type CatalogCategoryResponse, type CreateCatalogCategoryBody, type UpdateCatalogCategoryBody } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSnackbar } from '@/components/snackbar-provider';
import { EDITS_MOOT } from '@/components/unsaved-changes';
import { errorText, serverMessage } from '@/lib/api-client';
import { useCategoryTree } from '../api/list-categories';
import { useCreateCategory, useDeleteCategory, useMoveCategory, useUpdateCategory } from '../api/write-categories';
import { AddCategoryDialog } from '../components/add-category-dialog';
import { CategoryEditPanel } from '../components/category-edit-panel';
import { CategoryTreeView } from '../components/category-tree-view';
import { DeleteCategoryDialog } from '../components/delete-category-dialog';
import { buildTree, childrenOf, indentTarget, moveDownTarget, moveUpTarget, outdentTarget, pathOf, type MoveTarget } from '../tree';

type Adding = { parent: { id: number; path: string } | null } | null;

/** /catalog/category: the company's category tree, its order and nesting, and each category's fields and supplier mapping. */
export function CatalogCategoriesScreen() {
  const showSnackbar = useSnackbar();
  const categories = useCategoryTree();
  const createMutation = useCreateCategory();
  const updateMutation = useUpdateCategory();
  const moveMutation = useMoveCategory();
  const deleteMutation = useDeleteCategory();
  const [searchParams, setSearchParams] = useSearchParams();
  // Open unless closed: new and moved-into categories show their children.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [adding, setAdding] = useState<Adding>(null);
  const [deleting, setDeleting] = useState<CatalogCategoryResponse | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data]);
  const expanded = useMemo(() => new Set([...tree.byId.keys()].filter((id) => !collapsed.has(id))), [tree, collapsed]);
  const selectedId = Number(searchParams.get('selected')) || null;
  const selected = selectedId === null ? undefined : tree.byId.get(selectedId);
  const busy = moveMutation.isPending || deleteMutation.isPending;

  /** `editsMoot`: the selected category is gone, so its panel's unsaved edits are no reason to ask. */
  const select = (id: number | null, editsMoot = false) =>
    setSearchParams(
      (params) => {
        if (id === null) params.delete('selected');
        else params.set('selected', String(id));
        return params;
      },
      { replace: true, ...(editsMoot ? { state: EDITS_MOOT } : {}) },
    );

  const toggle = (id: number, open?: boolean) =>
    setCollapsed((before) => {
      const next = new Set(before);
      if (open ?? next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const move = (id: number, target: MoveTarget | null) => {
    if (!target) return;
    if (target.parent !== null) toggle(target.parent, true);
    moveMutation.mutate({ id, body: target }, { onError: (error) => showSnackbar(serverMessage(error), 'error') });
  };

  const handleCreate = (body: CreateCatalogCategoryBody, onError: (error: unknown) => void) =>
    createMutation.mutate(body, {
      onSuccess: (created) => {
        showSnackbar(MESSAGES.categoryAdded);
        setAdding(null);
        if (created.parent !== null) toggle(created.parent, true);
        select(created.id);
      },
      onError,
    });

  const handleUpdate = (body: UpdateCatalogCategoryBody, onSaved: (saved: CatalogCategoryResponse) => void, onError: (error: unknown) => void) => {
    if (!selected) return;
    updateMutation.mutate(
      { id: selected.id, body },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          showSnackbar(MESSAGES.categoryUpdated);
        },
        onError,
      },
    );
  };

  const handleDelete = (reassignTo: number | undefined) => {
    if (!deleting) return;
    setDeleteError(null);
    deleteMutation.mutate(
      { id: deleting.id, reassignTo },
      {
        onSuccess: () => {
          showSnackbar(MESSAGES.categoryDeleted);
          if (selectedId === deleting.id) select(deleting.parent, true);
          setDeleting(null);
        },
        onError: (error) => setDeleteError(serverMessage(error)),
      },
    );
  };

  const moves = selected
    ? {
        up: moveUpTarget(tree, selected.id),
        down: moveDownTarget(tree, selected.id),
        indent: indentTarget(tree, selected.id),
        outdent: outdentTarget(tree, selected.id),
      }
    : null;
  const action = (label: string, icon: ReactNode, onClick: () => void, enabled: boolean) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={!enabled || busy}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Card>
      <title>Categories · Kontor</title>
      <CardHeader
        title="Categories"
        subheader="Drag a category onto another to nest it, or onto the upper or lower edge of a row to reorder. The buttons do the same for the selected category."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding({ parent: null })}>
            Add category
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      {categories.isFetching || busy ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      {categories.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorText(categories.error)}
        </Alert>
      ) : null}
      <Grid container>
        <Grid size={{ xs: 12, md: 6 }} sx={{ borderRight: { md: 1 }, borderColor: { md: 'divider' } }}>
          <Stack direction="row" role="toolbar" aria-label="Selected category" sx={{ px: 1, py: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
            {action('Move up', <ArrowUpwardIcon />, () => selected && move(selected.id, moves!.up), Boolean(moves?.up))}
            {action('Move down', <ArrowDownwardIcon />, () => selected && move(selected.id, moves!.down), Boolean(moves?.down))}
            {action('Indent', <FormatIndentIncreaseIcon />, () => selected && move(selected.id, moves!.indent), Boolean(moves?.indent))}
            {action('Outdent', <FormatIndentDecreaseIcon />, () => selected && move(selected.id, moves!.outdent), Boolean(moves?.outdent))}
            {action(
              'Add subcategory',
              <SubdirectoryArrowRightIcon />,
              () => selected && setAdding({ parent: { id: selected.id, path: pathOf(tree, selected.id) } }),
              Boolean(selected),
            )}
            {action(
              'Delete',
              <DeleteOutlineIcon />,
              () => {
                setDeleteError(null);
                setDeleting(selected ?? null);
              },
              Boolean(selected),
            )}
            <Box sx={{ flexGrow: 1 }} />
            {action('Expand all', <UnfoldMoreIcon />, () => setCollapsed(new Set()), collapsed.size > 0)}
            {action(
              'Collapse all',
              <UnfoldLessIcon />,
              () => setCollapsed(new Set(tree.byId.keys())),
              childrenOf(tree, null).some((r) => expanded.has(r.id)),
            )}
          </Stack>
          <Divider />
          {categories.isPending ? null : (
            <CategoryTreeView
              tree={tree}
              expanded={expanded}
              selectedId={selectedId}
              disabled={busy}
              onSelect={(id) => select(id)}
              onToggle={toggle}
              onMove={move}
            />
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <CardContent>
            {selected ? (
              // Keyed by id: another category starts from its own values; this one changed by a move or a save keeps what was typed.
              <CategoryEditPanel key={selected.id} category={selected} tree={tree} pending={updateMutation.isPending} onSave={handleUpdate} />
            ) : (
              <Typography color="text.secondary">Select a category to edit its details and supplier categories.</Typography>
            )}
          </CardContent>
        </Grid>
      </Grid>
      {adding ? <AddCategoryDialog parent={adding.parent} pending={createMutation.isPending} onSave={handleCreate} onClose={() => setAdding(null)} /> : null}
      {deleting ? (
        <DeleteCategoryDialog
          // The tree's current copy: a refused delete re-reads the tree (products added meanwhile).
          category={tree.byId.get(deleting.id) ?? deleting}
          tree={tree}
          pending={deleteMutation.isPending}
          error={deleteError}
          onConfirm={handleDelete}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Card>
  );
}
