import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { clearSession } from '@/lib/current-user';
import type { LoginLocationState } from '@/lib/login-state';
import { NotFoundScreen } from './not-found-screen';
import { RouteErrorElement } from './route-error-element';
import { RequireUser, StartupGate } from './startup-gate';

/** What a route tells the layout: the top bar's title. */
export type RouteHandle = { title: string };

const handle = (title: string): RouteHandle => ({ title });

/** Every screen is its own chunk, loaded when its route is first visited (DESIGN §9). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: StartupGate,
    ErrorBoundary: RouteErrorElement,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        path: 'login',
        children: [
          { index: true, lazy: async () => ({ Component: (await import('@/features/auth/screens/login-screen')).LoginScreen }) },
          { path: 'reset-password', lazy: async () => ({ Component: (await import('@/features/auth/screens/reset-password-screen')).ResetPasswordScreen }) },
          { path: 'new-password', lazy: async () => ({ Component: (await import('@/features/auth/screens/new-password-screen')).NewPasswordScreen }) },
        ],
      },
      {
        path: 'onboarding',
        children: [
          { index: true, lazy: async () => ({ Component: (await import('@/features/onboarding/screens/onboarding-start-screen')).OnboardingStartScreen }) },
          { path: 'register', lazy: async () => ({ Component: (await import('@/features/onboarding/screens/register-screen')).RegisterScreen }) },
        ],
      },
      {
        Component: RequireUser,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
            children: [
              {
                // Inside the layout, so a failing screen keeps the sidebar and top bar.
                ErrorBoundary: RouteErrorElement,
                children: [
                  { index: true, handle: handle('Overview'), lazy: async () => ({ Component: (await import('./overview/overview-screen')).OverviewScreen }) },
                  {
                    path: 'catalog',
                    children: [
                      { index: true, element: <Navigate to="/catalog/products" replace /> },
                      {
                        path: 'products',
                        handle: handle('Products'),
                        lazy: async () => ({ Component: (await import('./catalog/catalog-products-route')).CatalogProductsRoute }),
                      },
                      {
                        path: 'products/edit',
                        handle: handle('Edit product'),
                        lazy: async () => ({ Component: (await import('@/features/catalog/screens/product-edit-screen')).ProductEditScreen }),
                      },
                      {
                        path: 'inventory',
                        handle: handle('Inventory'),
                        lazy: async () => ({ Component: (await import('@/features/inventory/screens/inventory-screen')).InventoryScreen }),
                      },
                      {
                        path: 'inventorytransactions',
                        handle: handle('Inventory transactions'),
                        lazy: async () => ({
                          Component: (await import('@/features/inventory/screens/inventory-transactions-screen')).InventoryTransactionsScreen,
                        }),
                      },
                      {
                        path: 'inventory-locations',
                        handle: handle('Inventory locations'),
                        lazy: async () => ({ Component: (await import('@/features/inventory/screens/inventory-locations-screen')).InventoryLocationsScreen }),
                      },
                      {
                        path: 'stocktaking',
                        handle: handle('Stocktaking'),
                        lazy: async () => ({ Component: (await import('@/features/inventory/screens/stocktaking-screen')).StocktakingScreen }),
                      },
                      {
                        path: 'product-bulk3-description',
                        handle: handle('Descriptions'),
                        lazy: async () => ({
                          Component: (await import('@/features/bulk-descriptions/screens/bulk-descriptions-screen')).BulkDescriptionsScreen,
                        }),
                      },
                      {
                        path: 'category',
                        handle: handle('Categories'),
                        lazy: async () => ({
                          Component: (await import('@/features/catalog-categories/screens/catalog-categories-screen')).CatalogCategoriesScreen,
                        }),
                      },
                      {
                        path: 'markup',
                        handle: handle('Markups'),
                        lazy: async () => ({ Component: (await import('@/features/markups/screens/markups-screen')).MarkupsScreen }),
                      },
                      {
                        path: 'images',
                        handle: handle('Images'),
                        lazy: async () => ({ Component: (await import('@/features/images/screens/images-screen')).ImagesScreen }),
                      },
                      {
                        path: 'file-urls',
                        handle: handle('File URLs'),
                        lazy: async () => ({ Component: (await import('@/features/file-urls/screens/file-urls-screen')).FileUrlsScreen }),
                      },
                    ],
                  },
                  {
                    path: 'procurements-and-suppliers',
                    children: [
                      { index: true, element: <Navigate to="/procurements-and-suppliers/products" replace /> },
                      {
                        path: 'products',
                        handle: handle('Supplier products'),
                        lazy: async () => ({
                          Component: (await import('@/features/procurement/screens/procurement-products-screen')).ProcurementProductsScreen,
                        }),
                      },
                      {
                        path: 'categories',
                        children: [
                          {
                            index: true,
                            handle: handle('Supplier categories'),
                            lazy: async () => ({
                              Component: (await import('@/features/procurement/screens/procurement-categories-screen')).ProcurementCategoriesScreen,
                            }),
                          },
                          {
                            path: 'add',
                            handle: handle('Add supplier category'),
                            lazy: async () => ({
                              Component: (await import('@/features/procurement/screens/procurement-category-add-screen')).ProcurementCategoryAddScreen,
                            }),
                          },
                          {
                            path: 'edit',
                            handle: handle('Edit supplier category'),
                            lazy: async () => ({
                              Component: (await import('@/features/procurement/screens/procurement-category-edit-screen')).ProcurementCategoryEditScreen,
                            }),
                          },
                        ],
                      },
                    ],
                  },
                  {
                    path: 'procurement',
                    children: [
                      { index: true, element: <Navigate to="/procurement/supplier" replace /> },
                      {
                        path: 'supplier',
                        handle: handle('Suppliers'),
                        lazy: async () => ({ Component: (await import('@/features/suppliers/screens/suppliers-screen')).SuppliersScreen }),
                      },
                      {
                        path: 'supplier-feed',
                        handle: handle('Supplier feeds'),
                        lazy: async () => ({ Component: (await import('@/features/suppliers/screens/supplier-feeds-screen')).SupplierFeedsScreen }),
                      },
                      {
                        path: 'orders',
                        handle: handle('Purchase orders'),
                        lazy: async () => ({
                          Component: (await import('@/features/procurement-orders/screens/procurement-orders-screen')).ProcurementOrdersScreen,
                        }),
                      },
                      {
                        path: 'images',
                        handle: handle('Supplier images'),
                        lazy: async () => ({
                          Component: (await import('@/features/procurement-images/screens/procurement-images-screen')).ProcurementImagesScreen,
                        }),
                      },
                    ],
                  },
                  {
                    path: 'global-suppliers-and-brands',
                    children: [
                      { index: true, element: <Navigate to="/global-suppliers-and-brands/products" replace /> },
                      {
                        path: 'products',
                        handle: handle('Global suppliers'),
                        lazy: async () => ({ Component: (await import('@/features/suppliers/screens/global-suppliers-screen')).GlobalSuppliersScreen }),
                      },
                    ],
                  },
                  {
                    path: 'customers',
                    children: [
                      { index: true, element: <Navigate to="/customers/pick-and-pack" replace /> },
                      {
                        path: 'pick-and-pack',
                        handle: handle('Pick & pack'),
                        lazy: async () => ({ Component: (await import('@/features/pick-and-pack/screens/pick-and-pack-screen')).PickAndPackScreen }),
                      },
                      {
                        path: 'orders',
                        handle: handle('Orders'),
                        lazy: async () => ({ Component: (await import('@/features/customer-orders/screens/customer-orders-screen')).CustomerOrdersScreen }),
                      },
                      {
                        path: 'orders/edit',
                        handle: handle('Order'),
                        lazy: async () => ({
                          Component: (await import('@/features/customer-orders/screens/customer-order-edit-screen')).CustomerOrderEditScreen,
                        }),
                      },
                    ],
                  },
                  {
                    path: 'notification',
                    handle: handle('Notifications'),
                    lazy: async () => ({ Component: (await import('@/features/notifications/screens/notifications-screen')).NotificationsScreen }),
                  },
                  {
                    path: 'companies',
                    handle: handle('Company'),
                    lazy: async () => ({ Component: (await import('@/features/companies/screens/company-screen')).CompanyScreen }),
                  },
                  {
                    path: 'company-Preferences',
                    handle: handle('Company preferences'),
                    lazy: async () => ({ Component: (await import('@/features/companies/screens/company-screen')).CompanyScreen }),
                  },
                  {
                    path: 'preferences',
                    children: [
                      {
                        path: 'facebook-product-taxonomies-selection',
                        handle: handle('Facebook taxonomy selection'),
                        lazy: async () => ({
                          Component: (await import('@/features/taxonomies/screens/facebook-taxonomy-selection-screen')).FacebookTaxonomySelectionScreen,
                        }),
                      },
                    ],
                  },
                  {
                    path: 'miscellaneous',
                    children: [
                      {
                        path: 'facebook-product-taxonomies',
                        handle: handle('Facebook taxonomy'),
                        lazy: async () => ({ Component: (await import('@/features/taxonomies/screens/taxonomy-list-screen')).FacebookTaxonomiesScreen }),
                      },
                      {
                        path: 'google-product-taxonomies',
                        handle: handle('Google taxonomy'),
                        lazy: async () => ({ Component: (await import('@/features/taxonomies/screens/taxonomy-list-screen')).GoogleTaxonomiesScreen }),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundScreen },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

type AppRouter = Pick<ReturnType<typeof createAppRouter>, 'navigate' | 'state'>;

/** Spec §4: when the refresh after a 401 fails, the user goes to the login URL and the session is forgotten. */
export function createSessionExpiredHandler(router: AppRouter, queryClient: QueryClient) {
  return () => {
    const { pathname, search } = router.state.location;
    if (pathname.startsWith('/login')) {
      clearSession(queryClient);
      return;
    }
    const state: LoginLocationState = { from: `${pathname}${search}` };
    // Leave the protected area first: without a user it would send us to /onboarding instead.
    void router.navigate('/login', { replace: true, state }).then(() => clearSession(queryClient));
  };
}
