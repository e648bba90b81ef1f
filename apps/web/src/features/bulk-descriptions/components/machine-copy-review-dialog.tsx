import { DESCRIPTION_COPY_FIELDS, type BulkDescriptionRow, type DescriptionCopy, type Language, type MachineCopyProposal } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useState } from 'react';
import { COPY_LABELS } from './columns';
import type { MachineCopyKind } from './use-machine-copy-run';

export type AcceptedProposal = { product: number; copy: DescriptionCopy };

type Decision = { accepted: boolean; copy: DescriptionCopy };

type MachineCopyReviewDialogProps = {
  kind: MachineCopyKind;
  language: Language;
  results: MachineCopyProposal[];
  /** The grid's rows, for each product's SKU, name and current copy in `language`. */
  rows: ReadonlyMap<number, BulkDescriptionRow>;
  onClose: () => void;
  /** Saves the accepted proposals; answers the products that failed, with why. */
  onSave: (accepted: AcceptedProposal[], onProgress: (done: number) => void) => Promise<Map<number, string>>;
};

const LONG_FIELDS = new Set(['content', 'excerpt', 'meta_description']);

/**
 * The review before anything is stored: each product's proposal next to its current copy (and the
 * source for a translation). The operator accepts or rejects each product, edits what needs it,
 * then saves the accepted ones. Products that fail to save stay in the dialog with the reason.
 */
export function MachineCopyReviewDialog({ kind, language, results, rows, onClose, onSave }: MachineCopyReviewDialogProps) {
  const [decisions, setDecisions] = useState<Map<number, Decision>>(
    () => new Map(results.filter((r) => r.proposal).map((r) => [r.product, { accepted: true, copy: r.proposal! }])),
  );
  const [saveErrors, setSaveErrors] = useState<Map<number, string>>(new Map());
  const [saving, setSaving] = useState<{ done: number; total: number } | null>(null);

  const accepted = [...decisions].filter(([, d]) => d.accepted).map(([product, d]) => ({ product, copy: d.copy }));
  const failedCount = results.filter((r) => !r.proposal).length;
  const title = kind === 'translate' ? `Review machine translations (SV → ${language})` : `Review generated descriptions (${language})`;

  // Stable, so typing in one proposal re-renders that proposal only.
  const update = useCallback(
    (product: number, change: (decision: Decision) => Decision) =>
      setDecisions((current) => {
        const decision = current.get(product);
        return decision ? new Map(current).set(product, change(decision)) : current;
      }),
    [],
  );
  const setAll = (value: boolean) => setDecisions((current) => new Map([...current].map(([product, d]) => [product, { ...d, accepted: value }])));

  const handleSave = async () => {
    setSaving({ done: 0, total: accepted.length });
    const failures = await onSave(accepted, (done) => setSaving({ done, total: accepted.length }));
    setSaving(null);
    if (!failures.size) {
      onClose();
      return;
    }
    // Saved ones leave the review; the failed ones stay, with the reason.
    setDecisions((current) => new Map([...current].filter(([product]) => failures.has(product))));
    setSaveErrors(failures);
  };

  return (
    <Dialog open maxWidth="lg" fullWidth onClose={saving ? undefined : onClose} aria-labelledby="machine-copy-review-title">
      <DialogTitle id="machine-copy-review-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {decisions.size} proposal{decisions.size === 1 ? '' : 's'}
          {failedCount ? `, ${failedCount} product${failedCount === 1 ? '' : 's'} without one` : ''}. Nothing is stored until you save; saved copy is marked as
          machine translation.
        </Typography>
        {results.map((result) => {
          const row = rows.get(result.product);
          const decision = decisions.get(result.product);
          const label = row ? `${row.sku} · ${row.name}` : `Product ${result.product}`;
          if (!decision) {
            if (result.proposal) return null; // saved
            return (
              <Alert key={result.product} severity="warning" sx={{ mb: 1.5 }}>
                <strong>{label}</strong>: {result.error}
              </Alert>
            );
          }
          return (
            <ProposalCard
              key={result.product}
              result={result}
              row={row}
              label={label}
              language={language}
              decision={decision}
              saveError={saveErrors.get(result.product)}
              disabled={saving !== null}
              onChange={update}
            />
          );
        })}
      </DialogContent>
      {saving ? <LinearProgress variant="determinate" value={saving.total ? (saving.done / saving.total) * 100 : 0} aria-label="Saving proposals" /> : null}
      <DialogActions sx={{ gap: 1 }}>
        {saving ? (
          <Typography variant="body2" sx={{ mr: 'auto', pl: 1 }}>
            Saving {saving.done} of {saving.total}…
          </Typography>
        ) : (
          <Box sx={{ mr: 'auto', display: 'flex', gap: 1 }}>
            <Button size="small" onClick={() => setAll(true)} disabled={!decisions.size}>
              Accept all
            </Button>
            <Button size="small" onClick={() => setAll(false)} disabled={!decisions.size}>
              Reject all
            </Button>
          </Box>
        )}
        <Button onClick={onClose} disabled={saving !== null}>
          {decisions.size ? 'Discard' : 'Close'}
        </Button>
        <Button variant="contained" onClick={() => void handleSave()} disabled={!accepted.length || saving !== null}>
          Save accepted ({accepted.length})
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type ProposalCardProps = {
  result: MachineCopyProposal;
  row: BulkDescriptionRow | undefined;
  label: string;
  language: Language;
  decision: Decision;
  saveError: string | undefined;
  disabled: boolean;
  onChange: (product: number, change: (decision: Decision) => Decision) => void;
};

/** One product's proposal: accept or reject it, and edit any field before saving. */
const ProposalCard = memo(function ProposalCard({ result, row, label, language, decision, saveError, disabled, onChange }: ProposalCardProps) {
  const current = row?.description;
  const name = row?.sku ?? String(result.product);
  return (
    <Paper variant="outlined" sx={{ mb: 2, opacity: decision.accepted ? 1 : 0.6 }} aria-label={`Proposal for ${name}`} role="group">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={decision.accepted}
              onChange={(event) => onChange(result.product, (d) => ({ ...d, accepted: event.target.checked }))}
              slotProps={{ input: { 'aria-label': `Accept ${name}` } }}
            />
          }
          label={<strong>{label}</strong>}
          slotProps={{ typography: { variant: 'body2' } }}
        />
      </Box>
      {saveError ? (
        <Alert severity="error" sx={{ m: 1 }}>
          Not saved: {saveError}
        </Alert>
      ) : null}
      <Table size="small" sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 140 }}>Field</TableCell>
            {result.source ? <TableCell>Source (SV)</TableCell> : null}
            <TableCell>Current ({language})</TableCell>
            <TableCell sx={{ width: '40%' }}>Proposal</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {DESCRIPTION_COPY_FIELDS.map((field) => (
            <TableRow key={field} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ fontWeight: 500 }}>{COPY_LABELS[field]}</TableCell>
              {result.source ? <ValueCell text={result.source[field]} /> : null}
              <ValueCell text={current?.[field] ?? ''} />
              <TableCell>
                <TextField
                  size="small"
                  fullWidth
                  multiline={LONG_FIELDS.has(field)}
                  maxRows={6}
                  disabled={!decision.accepted || disabled}
                  value={decision.copy[field]}
                  onChange={(event) => onChange(result.product, (d) => ({ ...d, copy: { ...d.copy, [field]: event.target.value } }))}
                  slotProps={{ htmlInput: { 'aria-label': `${COPY_LABELS[field]} proposal for ${name}` } }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
});

function ValueCell({ text }: { text: string }) {
  return (
    <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: text ? 'text.primary' : 'text.disabled', maxHeight: 160 }}>
      <Box sx={{ maxHeight: 150, overflow: 'auto' }}>{text || '—'}</Box>
    </TableCell>
  );
}
