import {
  DEFAULT_DESCRIPTION_LANGUAGE,
  LANGUAGES,
  MESSAGES,
  PAGE_SIZE,
  type BulkDescriptionRow,
  type DescriptionCopyField,
  type Language,
} from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import TranslateOutlinedIcon from '@mui/icons-material/TranslateOutlined';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { displayedRows, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd } from '@/components/table-message-row';
import { errorText, serverMessage } from '@/lib/api-client';
import { useListFilters } from '@/lib/use-list-filters';
import { useBulkDescriptions } from '../api/list-bulk-descriptions';
import { useSaveDescription } from '../api/save-description';
import { GRID_COLUMNS } from '../components/columns';
import { DescriptionGrid, type CellPosition, type CellStatus, type CellStatuses } from '../components/description-grid';
import { MachineCopyReviewDialog, type AcceptedProposal } from '../components/machine-copy-review-dialog';
import { SelectionPanel } from '../components/selection-panel';
import { useMachineCopyRun } from '../components/use-machine-copy-run';

const FILTERS = ['language', 'search', 'rows'] as const;
const PAGE_SIZES = [PAGE_SIZE.catalog, 50, 100];

/** Spec §4: the bulk product fetch goes idle, loading, then succeeded or failed. */
export type FetchStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
export function fetchStatusOf(query: Pick<UseQueryResult, 'isFetching' | 'isError' | 'isSuccess'>): FetchStatus {
  if (query.isFetching) return 'loading';
  if (query.isError) return 'failed';
  if (query.isSuccess) return 'succeeded';
  return 'idle';
}
const STATUS_COLOR = { idle: 'default', loading: 'info', succeeded: 'success', failed: 'error' } as const;

const NO_STATUSES: CellStatuses = {};

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** /catalog/product-bulk3-description: every product's copy in one language as a spreadsheet, edited cell by cell. */
export function BulkDescriptionsScreen() {
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setFilters, setPage } = useListFilters(FILTERS);
  const language: Language = isLanguage(filters.language) ? filters.language : DEFAULT_DESCRIPTION_LANGUAGE;
  const pageSize = PAGE_SIZES.includes(Number(filters.rows)) ? Number(filters.rows) : PAGE_SIZE.catalog;
  const list = useBulkDescriptions({ language, search: filters.search, page, pageSize });
  const rows = useMemo(() => list.data?.results ?? [], [list.data]);
  const status = fetchStatusOf(list);
  // An empty page of a list that has rows (a bookmark or link to a page its products no longer fill).
  const pastEnd = isPastEnd(list.data, list.data?.results.length);

  // Selection and checked rows belong to one page of one search; a new page starts without them.
  const view = `${filters.search}|${page}|${pageSize}`;
  const [selection, setSelection] = useState<{ view: string; position: CellPosition } | null>(null);
  const [checkedState, setCheckedState] = useState<{ view: string; ids: ReadonlySet<number> }>({ view, ids: new Set() });
  const selected = selection?.view === view && selection.position.row < rows.length ? selection.position : null;
  const checked = checkedState.view === view ? checkedState.ids : new Set<number>();
  // A cell's save state belongs to the language it was saved in.
  const [statusesByLanguage, setStatusesByLanguage] = useState<Partial<Record<Language, CellStatuses>>>({});
  const statuses = statusesByLanguage[language] ?? NO_STATUSES;

  const save = useSaveDescription();
  const machine = useMachineCopyRun();
  const rowsById = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);

  /** `ofSave`: only while the cell still shows that save (a later save of the cell owns it otherwise). */
  const setCellStatus = (cellLanguage: Language, productId: number, field: DescriptionCopyField, cell: CellStatus | undefined, ofSave?: number) =>
    setStatusesByLanguage((all) => {
      const current = all[cellLanguage] ?? NO_STATUSES;
      const shown = current[productId]?.[field];
      if (ofSave !== undefined && (shown?.state !== 'saving' || shown.save !== ofSave)) return all;
      const forRow = { ...current[productId] };
      if (cell) forRow[field] = cell;
      else delete forRow[field];
      return { ...all, [cellLanguage]: { ...current, [productId]: forRow } };
    });

  const lastCellSave = useRef(0);
  const handleSaveCell = (row: BulkDescriptionRow, field: DescriptionCopyField, value: string) => {
    const cellLanguage = language;
    const cellSave = ++lastCellSave.current;
    setCellStatus(cellLanguage, row.id, field, { state: 'saving', value, save: cellSave });
    save.mutateAsync({ product: row.id, body: { language: cellLanguage, [field]: value } }).then(
      () => {
        setCellStatus(cellLanguage, row.id, field, undefined, cellSave);
        showSnackbar(MESSAGES.updateSuccessfully);
      },
      (error: unknown) => {
        const message = serverMessage(error);
        setCellStatus(cellLanguage, row.id, field, { state: 'failed', message, value }, cellSave);
        showSnackbar(message, 'error');
      },
    );
  };

  const toggleRow = (productId: number) => {
    const ids = new Set(checked);
    if (ids.has(productId)) ids.delete(productId);
    else ids.add(productId);
    setCheckedState({ view, ids });
  };
  const toggleAll = (check: boolean) => setCheckedState({ view, ids: check ? new Set(rows.map((row) => row.id)) : new Set() });

  // Checked rows in the grid's order, so proposals come back in the order the operator sees.
  const checkedIds = rows.filter((row) => checked.has(row.id)).map((row) => row.id);
  const run = machine.run;
  const running = run.phase === 'running';

  const saveAccepted = async (accepted: AcceptedProposal[], onProgress: (done: number) => void) => {
    if (run.phase !== 'review') return new Map<number, string>();
    const failures = new Map<number, string>();
    let done = 0;
    for (const { product, copy } of accepted) {
      try {
        await save.mutateAsync({ product, body: { language: run.language, ...copy, source: run.source, machine_translation: true } });
      } catch (error) {
        failures.set(product, serverMessage(error));
      }
      done += 1;
      onProgress(done);
    }
    const saved = accepted.length - failures.size;
    if (failures.size) showSnackbar(`${saved} saved, ${failures.size} not saved.`, 'warning');
    else showSnackbar(`${saved} description${saved === 1 ? '' : 's'} saved.`);
    return failures;
  };

  return (
    <Card>
      <title>Descriptions · Kontor</title>
      <CardHeader
        title="Descriptions"
        subheader="Every product's copy in one language, edited cell by cell; machine-made copy is reviewed before it is saved."
        action={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {checkedIds.length} selected
            </Typography>
            <Button
              variant="outlined"
              startIcon={<TranslateOutlinedIcon />}
              disabled={language === DEFAULT_DESCRIPTION_LANGUAGE || !checkedIds.length || running}
              aria-describedby={language === DEFAULT_DESCRIPTION_LANGUAGE ? 'translate-hint' : undefined}
              onClick={() => void machine.start('translate', checkedIds, language)}
            >
              Machine translate selected
            </Button>
            <Button
              variant="outlined"
              startIcon={<AutoAwesomeOutlinedIcon />}
              disabled={!checkedIds.length || running}
              onClick={() => void machine.start('generate', checkedIds, language)}
            >
              Generate selected
            </Button>
          </Box>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 1.5, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={language}
          aria-label="Language"
          onChange={(_event, next: Language | null) => {
            if (next) setFilters({ language: next === DEFAULT_DESCRIPTION_LANGUAGE ? '' : next });
          }}
        >
          {LANGUAGES.map((code) => (
            <ToggleButton key={code} value={code} sx={{ px: 2, fontWeight: 600 }}>
              {code}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <SearchField label="Search products" value={filters.search} onSearch={(value) => setFilter('search', value)} sx={{ minWidth: 260 }} />
        {language === DEFAULT_DESCRIPTION_LANGUAGE ? (
          <Typography variant="caption" color="text.secondary" id="translate-hint">
            Translation goes from SV into the language shown: switch to EN, NO or DA.
          </Typography>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={`Status: ${status}`} aria-label={`Fetch status: ${status}`} role="status" />
      </Box>
      {running ? (
        <Box sx={{ px: 2, pb: 1.5, display: 'flex', alignItems: 'center', gap: 2 }}>
          <LinearProgress
            variant="determinate"
            value={(run.done / run.total) * 100}
            sx={{ flex: 1, height: 6, borderRadius: 3 }}
            aria-label={run.kind === 'translate' ? 'Translation progress' : 'Generation progress'}
          />
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} role="status">
            {run.kind === 'translate' ? 'Translating' : 'Generating'} {run.done} of {run.total}…
          </Typography>
          <Button size="small" onClick={machine.stop}>
            Stop
          </Button>
        </Box>
      ) : null}
      {run.phase === 'failed' ? (
        <Alert severity="error" onClose={machine.reset} sx={{ mx: 2, mb: 1.5 }}>
          {run.message}
        </Alert>
      ) : null}
      {list.isError ? (
        <Alert severity="error" sx={{ mx: 2, mb: 1.5 }}>
          {MESSAGES.fetchFailed}: {errorText(list.error)}
        </Alert>
      ) : null}
      <SelectionPanel row={selected ? rows[selected.row] : undefined} column={selected ? GRID_COLUMNS[selected.col] : undefined} />
      {list.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <DescriptionGrid
        rows={rows}
        selected={selected}
        onSelect={(position) => setSelection({ view, position })}
        checked={checked}
        onToggleRow={toggleRow}
        onToggleAll={toggleAll}
        statuses={statuses}
        onSave={handleSaveCell}
        onDiscard={(row, field) => setCellStatus(language, row.id, field, undefined)}
      />
      {status === 'succeeded' && !rows.length ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {pastEnd ? (
            <>
              Nothing on this page any more.{' '}
              <Button size="small" onClick={() => setPage(lastPageOf(list.data?.count, pageSize))}>
                Go to the last page
              </Button>
            </>
          ) : (
            'No products match.'
          )}
        </Typography>
      ) : null}
      <TablePagination
        component="div"
        count={list.data?.count ?? 0}
        labelDisplayedRows={displayedRows(list.data?.count_is_estimate)}
        page={list.data ? Math.min(page, Math.max(0, Math.ceil(list.data.count / pageSize) - 1)) : page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => setFilter('rows', Number(event.target.value) === PAGE_SIZE.catalog ? '' : event.target.value)}
      />
      {run.phase === 'review' ? (
        <MachineCopyReviewDialog kind={run.kind} language={run.language} results={run.results} rows={rowsById} onClose={machine.reset} onSave={saveAccepted} />
      ) : null}
    </Card>
  );
}
