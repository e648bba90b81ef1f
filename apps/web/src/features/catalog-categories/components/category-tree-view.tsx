import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { dropTarget, isNoMove, visibleRows, type CategoryTree, type DropZone, type MoveTarget } from '../tree';

type CategoryTreeViewProps = {
  tree: CategoryTree;
  expanded: ReadonlySet<number>;
  selectedId: number | null;
  /** While a write runs, nothing can be dragged (the tree is about to change). */
  disabled: boolean;
  onSelect: (id: number) => void;
  onToggle: (id: number, open?: boolean) => void;
  onMove: (id: number, target: MoveTarget) => void;
};

/** The upper and lower quarter of a row drop before/after it; the middle drops inside. */
function zoneAt(event: DragEvent<HTMLElement>): DropZone {
  const rect = event.currentTarget.getBoundingClientRect();
  const ratio = rect.height > 0 ? (event.clientY - rect.top) / rect.height : 0.5;
  if (ratio < 0.25) return 'before';
  if (ratio > 0.75) return 'after';
  return 'inside';
}

/**
 * The category tree (WAI-ARIA tree pattern): arrow keys move the selection, Right/Left open and
 * close, and a row dragged onto another becomes its child, or its sibling when dropped on the
 * row's upper or lower edge (native HTML5 drag and drop).
 */
export function CategoryTreeView({ tree, expanded, selectedId, disabled, onSelect, onToggle, onMove }: CategoryTreeViewProps) {
  const rows = visibleRows(tree, expanded);
  const [dragging, setDragging] = useState<number | null>(null);
  const [hover, setHover] = useState<{ id: number; zone: DropZone } | null>(null);
  const rowRefs = useRef(new Map<number, HTMLElement>());
  const focusOnSelect = useRef(false);

  useEffect(() => {
    // Keyboard selection moves the focus along (roving tabindex); a click already has it.
    if (focusOnSelect.current && selectedId !== null) rowRefs.current.get(selectedId)?.focus();
    focusOnSelect.current = false;
  }, [selectedId]);

  const select = (id: number | undefined) => {
    if (id === undefined) return;
    focusOnSelect.current = true;
    onSelect(id);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const row = rows[index]!;
    const id = row.category.id;
    const isOpen = expanded.has(id);
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (event.key === 'ArrowDown') {
      handled();
      select(rows[index + 1]?.category.id);
    } else if (event.key === 'ArrowUp') {
      handled();
      select(rows[index - 1]?.category.id);
    } else if (event.key === 'Home') {
      handled();
      select(rows[0]?.category.id);
    } else if (event.key === 'End') {
      handled();
      select(rows.at(-1)?.category.id);
    } else if (event.key === 'ArrowRight' && row.hasChildren) {
      handled();
      if (isOpen) select(rows[index + 1]?.category.id);
      else onToggle(id, true);
    } else if (event.key === 'ArrowLeft') {
      handled();
      if (row.hasChildren && isOpen) onToggle(id, false);
      else if (row.category.parent !== null) select(row.category.parent);
    }
  };

  const targetOf = (event: DragEvent<HTMLElement>, id: number) => (dragging === null ? null : dropTarget(tree, dragging, id, zoneAt(event)));

  const handleDragOver = (event: DragEvent<HTMLElement>, id: number) => {
    if (!targetOf(event, id)) return; // Not a drop target: its own subtree.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const zone = zoneAt(event);
    if (hover?.id !== id || hover.zone !== zone) setHover({ id, zone });
  };

  const handleDrop = (event: DragEvent<HTMLElement>, id: number) => {
    event.preventDefault();
    const target = targetOf(event, id);
    if (dragging !== null && target && !isNoMove(tree, dragging, target)) onMove(dragging, target);
    setDragging(null);
    setHover(null);
  };

  // One row takes Tab (roving tabindex): the selected one when it is on screen, else the first, so
  // a selection folded away or gone (an old link) never leaves the tree out of the Tab order.
  const tabbableId = rows.some((row) => row.category.id === selectedId) ? selectedId : (rows[0]?.category.id ?? null);

  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        No categories yet. Add the first one.
      </Typography>
    );
  }

  return (
    <Box component="ul" role="tree" aria-label="Categories" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map(({ category, depth, hasChildren }, index) => {
        const id = category.id;
        const selected = id === selectedId;
        const isOpen = expanded.has(id);
        const zone = hover?.id === id ? hover.zone : null;
        return (
          <Box
            component="li"
            key={id}
            role="treeitem"
            aria-level={depth + 1}
            aria-selected={selected}
            aria-expanded={hasChildren ? isOpen : undefined}
            aria-label={category.title}
            data-testid={`category-${id}`}
            tabIndex={id === tabbableId ? 0 : -1}
            ref={(element: HTMLLIElement | null) => {
              if (element) rowRefs.current.set(id, element);
              else rowRefs.current.delete(id);
            }}
            draggable={!disabled}
            onClick={() => onSelect(id)}
            onKeyDown={(event) => handleKeyDown(event, index)}
            onDragStart={(event) => {
              event.dataTransfer.setData('text/plain', String(id));
              event.dataTransfer.effectAllowed = 'move';
              setDragging(id);
            }}
            onDragOver={(event) => handleDragOver(event, id)}
            onDragLeave={() => setHover((current) => (current?.id === id ? null : current))}
            onDrop={(event) => handleDrop(event, id)}
            onDragEnd={() => {
              setDragging(null);
              setHover(null);
            }}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              minHeight: 40,
              pl: 1 + depth * 3,
              pr: 1,
              cursor: disabled ? 'default' : 'grab',
              borderTop: '2px solid',
              borderBottom: '2px solid',
              borderTopColor: zone === 'before' ? 'primary.main' : 'transparent',
              borderBottomColor: zone === 'after' ? 'primary.main' : 'transparent',
              bgcolor: zone === 'inside' ? 'action.focus' : selected ? 'action.selected' : undefined,
              opacity: dragging === id ? 0.5 : 1,
              outline: 'none',
              '&:hover': { bgcolor: zone || selected ? undefined : 'action.hover' },
              '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
            }}
          >
            <DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled' }} aria-hidden />
            {hasChildren ? (
              <IconButton
                size="small"
                tabIndex={-1}
                aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${category.title}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onToggle(id);
                }}
              >
                {isOpen ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
              </IconButton>
            ) : (
              <Box sx={{ width: 30 }} aria-hidden />
            )}
            <Typography sx={{ fontWeight: depth === 0 ? 600 : 400, flexGrow: 1, color: category.active ? undefined : 'text.disabled' }} noWrap>
              {category.title}
              {category.sub_title ? (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {category.sub_title}
                </Typography>
              ) : null}
            </Typography>
            {category.default_category ? <Chip size="small" color="primary" variant="outlined" label="Default" /> : null}
            {!category.visible ? <Chip size="small" variant="outlined" label="Hidden" /> : null}
            {!category.active ? <Chip size="small" variant="outlined" label="Inactive" /> : null}
            <Chip size="small" label={category.products_count} title={`${category.products_count} products`} sx={{ minWidth: 36 }} />
          </Box>
        );
      })}
    </Box>
  );
}
