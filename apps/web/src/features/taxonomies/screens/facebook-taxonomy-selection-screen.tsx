import { MESSAGES, PAGE_SIZE } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbar-provider';
import { serverMessage } from '@/lib/api-client';
import { useListFilters } from '@/lib/use-list-filters';
import { useSetTaxonomyLinked } from '../api/link-taxonomy';
import { useTaxonomies, type TaxonomyItem } from '../api/list-taxonomies';

const PAGE = PAGE_SIZE.facebookList;
const SEARCH_FILTERS = ['search'] as const;
const NO_FILTERS = [] as const;

/**
 * /preferences/facebook-product-taxonomies-selection: the company's Facebook categories. The
 * selected ones come first; below them the search finds the others. A checkbox links or unlinks
 * at once, so the keyboard (Tab, Space) is all it takes.
 */
export function FacebookTaxonomySelectionScreen() {
  const showSnackbar = useSnackbar();
  const { filters, page, setFilter, setPage } = useListFilters(SEARCH_FILTERS);
  // The selection pages on its own, so paging through search results keeps it where it is.
  const selectedPaging = useListFilters(NO_FILTERS, 'selected_page');
  const selected = useTaxonomies('facebook', { search: '', linked: 'True', page: selectedPaging.page, pageSize: PAGE });
  const available = useTaxonomies('facebook', { search: filters.search, linked: 'False', page, pageSize: PAGE });
  const setLinked = useSetTaxonomyLinked('facebook');

  const toggle = (item: TaxonomyItem) =>
    setLinked.mutate(
      { taxonomy: item.id, linked: !item.linked },
      {
        onSuccess: () => showSnackbar(item.linked ? MESSAGES.removed : MESSAGES.addSuccessfully),
        onError: (error) => showSnackbar(serverMessage(error), 'error'),
      },
    );
  const pendingId = setLinked.isPending ? setLinked.variables.taxonomy : null;

  return (
    <Card>
      <title>Facebook taxonomy selection · Kontor</title>
      <CardHeader title="Facebook taxonomy selection" subheader="The Meta product categories your company uses in its catalog and feeds." />
      <CardContent sx={{ pt: 0 }}>
        <Section
          title="Selected"
          label="Selected Facebook categories"
          query={selected}
          pendingId={pendingId}
          onToggle={toggle}
          onLastPage={() => selectedPaging.setPage(lastPageOf(selected.data?.count, PAGE))}
          empty="No Facebook categories selected yet. Search below and tick the ones you use."
        />
        <FixedPagePagination count={selected.data?.count} page={selectedPaging.page} pageSize={PAGE} onPageChange={selectedPaging.setPage} />
        <Box role="search" aria-label="Filters" sx={{ mt: 3, mb: 1 }}>
          <SearchField label="Search Facebook categories" value={filters.search} onSearch={(value) => setFilter('search', value)} fullWidth />
        </Box>
        <Section
          title="Not selected"
          label="Other Facebook categories"
          query={available}
          pendingId={pendingId}
          onToggle={toggle}
          onLastPage={() => setPage(lastPageOf(available.data?.count, PAGE))}
          empty={filters.search ? 'No unselected category matches this search.' : 'Every Facebook category is selected.'}
        />
        <FixedPagePagination count={available.data?.count} page={page} pageSize={PAGE} onPageChange={setPage} />
      </CardContent>
    </Card>
  );
}

type SectionProps = {
  title: string;
  label: string;
  query: ReturnType<typeof useTaxonomies>;
  pendingId: number | null;
  onToggle: (item: TaxonomyItem) => void;
  /** Shows the section's last page (this one is past the end). */
  onLastPage: () => void;
  empty: string;
};

function Section({ title, label, query, pendingId, onToggle, onLastPage, empty }: SectionProps) {
  const items = query.data?.results;
  // An empty page while the list has rows: its last rows were ticked or unticked away.
  const pastEnd = items?.length === 0 && (query.data?.count ?? 0) > 0;
  return (
    <Box component="section" aria-label={label}>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        {title}
        {query.data ? ` (${query.data.count})` : ''}
      </Typography>
      {query.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      {query.isError ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {MESSAGES.couldNotGetTaxonomies}
        </Alert>
      ) : null}
      {!query.isError && items?.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {pastEnd ? (
            <>
              Nothing on this page any more.{' '}
              <Button size="small" onClick={onLastPage}>
                Go to the last page
              </Button>
            </>
          ) : (
            empty
          )}
        </Typography>
      ) : null}
      {!query.isError && items?.length ? (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItem key={item.id} disableGutters divider>
              <Checkbox
                checked={item.linked}
                onChange={() => onToggle(item)}
                disabled={pendingId !== null}
                slotProps={{ input: { id: `fb-taxonomy-${item.id}`, 'aria-label': item.slug_en, 'aria-describedby': `fb-taxonomy-${item.id}-sv` } }}
              />
              <Box component="label" htmlFor={`fb-taxonomy-${item.id}`} sx={{ cursor: 'pointer', flex: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {item.slug_en}
                </Typography>
                <Typography variant="caption" color="text.secondary" id={`fb-taxonomy-${item.id}-sv`}>
                  {item.slug_sv} · ID {item.taxonomy_id}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      ) : null}
    </Box>
  );
}
