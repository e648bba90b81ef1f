import TablePagination, { type LabelDisplayedRowsArgs } from '@mui/material/TablePagination';

/** The last page index for `count` rows (0 when there are none). */
export const lastPageOf = (count: number | undefined, pageSize: number) => (count ? Math.max(0, Math.ceil(count / pageSize) - 1) : 0);

/**
 * "1–25 of 340", or "1–25 of about 100,000" when the server estimated a long list's count
 * (`count_is_estimate`, DESIGN §3).
 */
export const displayedRows =
  (estimate: boolean | undefined) =>
  ({ from, to, count }: LabelDisplayedRowsArgs) =>
    `${from}–${to} of ${estimate ? `about ${count.toLocaleString()}` : count.toLocaleString()}`;

type FixedPagePaginationProps = {
  count: number | undefined;
  /** The page's `count_is_estimate`. */
  estimate?: boolean | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
};

/**
 * Pagination for lists with the spec's fixed page sizes (§9). A page past the end (rows
 * deleted meanwhile, an old bookmark) shows as the last page.
 */
export function FixedPagePagination({ count, estimate, page, pageSize, onPageChange }: FixedPagePaginationProps) {
  return (
    <TablePagination
      component="div"
      count={count ?? 0}
      page={Math.min(page, lastPageOf(count, pageSize))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      labelDisplayedRows={displayedRows(estimate)}
      onPageChange={(_event, next) => onPageChange(next)}
    />
  );
}
