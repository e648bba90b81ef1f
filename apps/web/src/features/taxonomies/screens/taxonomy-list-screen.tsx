import { MESSAGES } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { FilterSelect } from '@/components/filter-select';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';
import { serverMessage } from '@/lib/api-client';
import { useListFilters } from '@/lib/use-list-filters';
import { TAXONOMY_CHANNELS, type LinkedFilter, type TaxonomyChannel } from '../api/channels';
import { useSetTaxonomyLinked } from '../api/link-taxonomy';
import { useTaxonomies, type TaxonomyItem } from '../api/list-taxonomies';
import { LINKED_OPTIONS, readLinked } from '../components/linked-filter';

const FILTERS = ['search', 'linked'] as const;
const COLUMNS = 5;
const EMPTY: Record<LinkedFilter, string> = { True: 'Nothing linked yet.', False: 'Every item is linked.', all: 'The taxonomy has not been imported yet.' };
const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

const COPY: Record<TaxonomyChannel, { title: string; subheader: string; table: string }> = {
  google: {
    title: 'Google product taxonomy',
    subheader: "Google's product categories. Link the ones your feeds use to your account.",
    table: 'Google taxonomy',
  },
  facebook: {
    title: 'Facebook product taxonomy',
    subheader: "Meta's product categories. Linked items are your company's selection.",
    table: 'Facebook taxonomy',
  },
};

/** /miscellaneous/{google,facebook}-product-taxonomies: the channel's items with search, a linked filter and link/unlink per row. */
export function TaxonomyListScreen({ channel }: { channel: TaxonomyChannel }) {
  const config = TAXONOMY_CHANNELS[channel];
  const copy = COPY[channel];
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setPage } = useListFilters(FILTERS);
  const linked = readLinked(filters.linked, config.defaultLinked);
  const taxonomies = useTaxonomies(channel, { search: filters.search, linked, page, pageSize: config.pageSize });
  const setLinked = useSetTaxonomyLinked(channel);
  const data = taxonomies.data;
  // An empty page of a list that has rows: the page is past the end (its last rows were linked or unlinked away).
  const pastEnd = isPastEnd(data, data?.results.length);

  const toggle = (item: TaxonomyItem) =>
    setLinked.mutate(
      { taxonomy: item.id, linked: !item.linked },
      {
        onSuccess: () => showSnackbar(item.linked ? MESSAGES.removed : MESSAGES.addSuccessfully),
        onError: (error) => showSnackbar(serverMessage(error), 'error'),
      },
    );
  const busy = (item: TaxonomyItem) => setLinked.isPending && setLinked.variables.taxonomy === item.id;

  return (
    <Card>
      <title>{`${copy.title} · Kontor`}</title>
      <CardHeader title={copy.title} subheader={copy.subheader} />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <SearchField label="Search taxonomy" value={filters.search} onSearch={(value) => setFilter('search', value)} sx={{ minWidth: 280 }} />
        <FilterSelect
          label="Linked"
          value={linked}
          options={LINKED_OPTIONS}
          // The channel's default stays out of the URL, so a clean address shows what the spec says it shows.
          onChange={(value) => setFilter('linked', value === config.defaultLinked ? '' : value)}
        />
      </Box>
      {taxonomies.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label={copy.table}>
          <TableHead>
            <TableRow>
              <TableCell align="right" sx={{ width: 130, whiteSpace: 'nowrap' }}>
                Taxonomy ID
              </TableCell>
              <TableCell>English path</TableCell>
              <TableCell>Swedish path</TableCell>
              <TableCell sx={{ width: 100 }}>Status</TableCell>
              <TableCell align="right" sx={{ width: 110 }}>
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {taxonomies.isError ? <TableMessageRow colSpan={COLUMNS} error={MESSAGES.couldNotGetTaxonomies} /> : null}
            {!taxonomies.isError &&
              data?.results.map((item) => (
                <TableRow key={item.id} hover>
                  <TableCell align="right" sx={numeric}>
                    {item.taxonomy_id}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 500 }}>{item.slug_en}</TableCell>
                  <TableCell>{item.slug_sv}</TableCell>
                  <TableCell>{item.linked ? <Chip size="small" color="primary" variant="outlined" label="Linked" /> : null}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      variant={item.linked ? 'text' : 'outlined'}
                      color={item.linked ? 'inherit' : 'primary'}
                      loading={busy(item)}
                      disabled={setLinked.isPending && !busy(item)}
                      aria-label={`${item.linked ? 'Unlink' : 'Link'} ${item.slug_en}`}
                      onClick={() => toggle(item)}
                    >
                      {item.linked ? 'Unlink' : 'Link'}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            {!taxonomies.isError && pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => setPage(lastPageOf(data.count, config.pageSize))} /> : null}
            {!taxonomies.isError && data && data.results.length === 0 && !pastEnd ? (
              <TableMessageRow
                colSpan={COLUMNS}
                hint={filters.search ? 'Try another search.' : linked === 'True' ? 'Switch the filter to All to find items to link.' : undefined}
              >
                {filters.search ? 'No taxonomy item matches this search.' : EMPTY[linked]}
              </TableMessageRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedPagePagination count={data?.count} page={page} pageSize={config.pageSize} onPageChange={setPage} />
    </Card>
  );
}

export function GoogleTaxonomiesScreen() {
  return <TaxonomyListScreen channel="google" />;
}

export function FacebookTaxonomiesScreen() {
  return <TaxonomyListScreen channel="facebook" />;
}
