import TablePagination from '@mui/material/TablePagination';

/** The last page index for `count` rows (0 when there are none). */
export const lastPageOf = (count: number | undefined, pageSize: number) => (count ? Math.max(0, Math.ceil(count / pageSize) - 1) : 0);

type FixedPagePaginationProps = {
  count: number | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
};

/**
 * Pagination for lists with the spec's fixed page sizes (§9). A page past the end (rows
 * deleted meanwhile, an old bookmark) shows as the last page.
 */
export function FixedPagePagination({ count, page, pageSize, onPageChange }: FixedPagePaginationProps) {
  return (
    <TablePagination
      component="div"
      count={count ?? 0}
      page={Math.min(page, lastPageOf(count, pageSize))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_event, next) => onPageChange(next)}
    />
  );
}
