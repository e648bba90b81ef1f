import type { ProductResponse } from '@kontor/contract';
import { useState } from 'react';
import { CatalogProductsScreen } from '@/features/catalog/screens/catalog-products-screen';
import { AddTransactionDialog } from '@/features/inventory/components/add-transaction-dialog';
import { MoveStockDialog } from '@/features/inventory/components/move-stock-dialog';
import { ProductTransactionsDialog } from './product-transactions-dialog';

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
      {dialog?.kind === 'edit' ? <ProductTransactionsDialog product={dialog.product} onClose={handleClose} /> : null}
      {dialog?.kind === 'add' ? (
        <AddTransactionDialog open product={dialog.product} defaultLocationId={dialog.product.default_location_id} onClose={handleClose} />
      ) : null}
      {dialog?.kind === 'move' ? <MoveStockDialog open product={dialog.product} onClose={handleClose} /> : null}
    </>
  );
}
