const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatDateTime = (iso: string | null | undefined): string => (iso ? dateTime.format(new Date(iso)) : '');
export const formatDate = (iso: string | null | undefined): string => (iso ? date.format(new Date(iso)) : '');

export const fullName = (person: { first_name: string; last_name: string; email?: string }): string =>
  `${person.first_name} ${person.last_name}`.trim() || person.email || '';

export const initials = (person: { first_name: string; last_name: string }): string =>
  `${person.first_name.charAt(0)}${person.last_name.charAt(0)}`.toUpperCase() || '?';
