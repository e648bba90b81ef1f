import type { BulkDescriptionRow } from '@kontor/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GRID_COLUMNS, cellPreview, cellValue, type GridColumn } from './columns';

type SelectionPanelProps = {
  row: BulkDescriptionRow | undefined;
  column: GridColumn | undefined;
};

/** Spec §3 "a selected cell value, a row value": the selected cell in full, and every value of its row. */
export function SelectionPanel({ row, column }: SelectionPanelProps) {
  const value = row && column ? cellValue(row, column) : '';
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 1.5, px: 2, pb: 1.5 }}>
      <Box component="section" aria-label="Selected cell value" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.25, minHeight: 96 }}>
        <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.6 }}>
          {row && column ? `${column.label} · ${row.sku}` : 'Selected cell'}
        </Typography>
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 120, overflow: 'auto', color: value ? 'text.primary' : 'text.disabled' }}
        >
          {row && column ? value || '(empty)' : 'Click a cell or move with the arrow keys. Enter or typing edits it; Enter saves, Escape cancels.'}
        </Typography>
      </Box>
      <Box component="section" aria-label="Selected row values" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.25, minHeight: 96 }}>
        <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.6 }}>
          {row ? `Row · ${row.sku}` : 'Selected row'}
        </Typography>
        {row ? (
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25, fontSize: 13, maxHeight: 120, overflow: 'auto' }}
          >
            {GRID_COLUMNS.map((c) => (
              <Box key={c.key} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {c.label}
                </Box>
                <Box component="dd" sx={{ m: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {cellPreview(cellValue(row, c), 200) || '—'}
                </Box>
              </Box>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.disabled">
            No row selected.
          </Typography>
        )}
      </Box>
    </Box>
  );
}
