export const companyKeys = {
  all: ['companies'] as const,
  details: () => [...companyKeys.all, 'detail'] as const,
  detail: (id: number) => [...companyKeys.details(), id] as const,
  /** The signed-in user's company's storefront connection. */
  storefront: () => [...companyKeys.all, 'storefront'] as const,
};
