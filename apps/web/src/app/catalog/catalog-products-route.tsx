import type { ProductResponse } from '@kontor/contract';
import { lazy, Suspense, useState } from 'react';
import { CatalogProductsScreen } from '@/features/catalog/screens/catalog-products-screen';

// The stock dialogs load when first opened: the grid's first load neither downloads nor runs
// them, nor the inventory schemas they check with (ADR 0028).
const ProductTransactionsDialog = lazy(async () => ({ default: (await import('./product-transactions-dialog')).ProductTransactionsDialog }));
const AddTransactionDialog = lazy(async () => ({ default: (await import('@/features/inventory/components/add-transaction-dialog')).AddTransactionDialog }));
const MoveStockDialog = lazy(async () => ({ default: (await import('@/features/inventory/components/move-stock-dialog')).MoveStockDialog }));

type StockDialog = { kind: 'edit' | 'add' | 'move'; product: ProductResponse } | null;

/** /catalog/products: the catalog grid, its stocks view's actions opening the inventory feature's dialogs. */
export function CatalogProductsRoute() {
  const [dialog, setDialog] = useState<StockDialog>(null);
  const handleClose = () => setDialog(null);
  return (
    <>
      <CatalogProductsScreen
        stockActions={{
          onEdit: (product) => setDialog({ kind: 'edit', product }),
          onAddTransaction: (product) => setDialog({ kind: 'add', product }),
          onMove: (product) => setDialog({ kind: 'move', product }),
        }}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'edit' ? <ProductTransactionsDialog product={dialog.product} onClose={handleClose} /> : null}
        {dialog?.kind === 'add' ? (
          <AddTransactionDialog open product={dialog.product} defaultLocationId={dialog.product.default_location_id} onClose={handleClose} />
        ) : null}
        {dialog?.kind === 'move' ? <MoveStockDialog open product={dialog.product} onClose={handleClose} /> : null}
      </Suspense>
    </>
  );
}
