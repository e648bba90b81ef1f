import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { LocationsPanel } from '../components/locations-panel';
import { LocationTypesPanel } from '../components/location-types-panel';

/** ?tab=types shows the location types; the tab is part of the URL like every filter. */
export const TAB_PARAM = 'tab';

export function InventoryLocationsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get(TAB_PARAM) === 'types' ? 'types' : 'locations';

  // Each tab has its own filters: switching starts the other one clean.
  const handleTab = (next: string) => setSearchParams(next === 'types' ? { [TAB_PARAM]: 'types' } : {});

  return (
    <Card>
      <title>Inventory locations · Kontor</title>
      <CardHeader
        title="Inventory locations"
        subheader={tab === 'types' ? 'Types group your locations.' : 'Edit cells in place, then save all edited rows at once (Enter saves).'}
        sx={{ pb: 0 }}
      />
      <Tabs value={tab} onChange={(_event, next: string) => handleTab(next)} sx={{ px: 2 }} aria-label="Inventory locations sections">
        <Tab value="locations" label="Locations" />
        <Tab value="types" label="Location types" />
      </Tabs>
      <Divider />
      {tab === 'types' ? <LocationTypesPanel /> : <LocationsPanel />}
    </Card>
  );
}
