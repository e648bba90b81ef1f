import type { OrderResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { allocate, stockOf, type StockByProduct } from './pick-logic';

const PRINT_CLASS = 'kontor-pick-list';

/**
 * On paper only the pick list shows: everything else (sidebar, top bar, the screen itself) is
 * made invisible, and the list, hidden on screen, is laid over the page's top left corner.
 */
const printStyles = {
  [`.${PRINT_CLASS}`]: { display: 'none' },
  '@media print': {
    'body *': { visibility: 'hidden' },
    [`.${PRINT_CLASS}, .${PRINT_CLASS} *`]: { visibility: 'visible' },
    [`.${PRINT_CLASS}`]: { display: 'block', position: 'absolute', top: 0, left: 0, width: '100%', color: '#000', background: '#fff' },
  },
};

const cell = { border: '1px solid #000', padding: '6px 8px', textAlign: 'left', verticalAlign: 'top' } as const;

type PickListPrintProps = { order: OrderResponse; stock: StockByProduct };

/** The paper list: each item still to pick, where to take it from and how many, with a box to tick. */
export function PickListPrint({ order, stock }: PickListPrintProps) {
  const items = order.order_items.filter((item) => item.qty_remaining > 0);
  return (
    <>
      <GlobalStyles styles={printStyles} />
      <Box className={PRINT_CLASS} data-testid="pick-list-print" sx={{ fontFamily: 'sans-serif', fontSize: 12 }}>
        <h1 style={{ fontSize: 18, margin: '0 0 4px' }}>Pick list · order {order.order_number}</h1>
        <p style={{ margin: '0 0 12px' }}>{order.customer_name}</p>
        {items.length === 0 ? (
          <p>Everything is picked.</p>
        ) : (
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                <th style={cell}>Done</th>
                <th style={cell}>SKU</th>
                <th style={cell}>Name</th>
                <th style={cell}>To pick</th>
                <th style={cell}>From</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const plan = allocate(item, stockOf(stock, item));
                return (
                  <tr key={item.id}>
                    <td style={cell}>
                      <span aria-hidden style={{ display: 'inline-block', width: 14, height: 14, border: '1.5px solid #000' }} />
                    </td>
                    <td style={cell}>{item.prod_sku}</td>
                    <td style={cell}>{item.prod_name}</td>
                    <td style={cell}>{item.qty_remaining}</td>
                    <td style={cell}>
                      {plan.length ? plan.map(({ location, quantity }) => `${quantity} from ${location.abbreviation_slug}`).join(', ') : 'No stock'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Box>
    </>
  );
}
