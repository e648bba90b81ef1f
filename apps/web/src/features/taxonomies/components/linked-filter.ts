import type { FilterOption } from '@/components/filter-select';
import type { LinkedFilter } from '../api/channels';

export const LINKED_OPTIONS: readonly FilterOption[] = [
  { value: 'all', label: 'All' },
  { value: 'True', label: 'Linked' },
  { value: 'False', label: 'Not linked' },
];

/** The URL's `linked` value, or the channel's default when it names none (or something unknown). */
export const readLinked = (value: string, fallback: LinkedFilter): LinkedFilter =>
  value === 'True' || value === 'False' || value === 'all' ? value : fallback;
