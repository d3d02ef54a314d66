import { useParams } from 'wouter';
import { StockControl } from '../../features/catalogue/admin/stock-control';
import { useRefreshSummary } from '../../features/dashboard/api';
import { Dashboard } from '../../features/dashboard/screens/dashboard';

/** /admin/:adminId/dashboard: the dashboard with the catalogue's restock buttons (a restock refreshes it). */
export default function DashboardScreen() {
  const { adminId } = useParams<{ adminId: string }>();
  const refresh = useRefreshSummary();
  return (
    <Dashboard
      adminId={adminId}
      stockControl={(product, lowStockAt) => (
        <StockControl product={product} lowStockAt={lowStockAt} onChanged={() => void refresh()} />
      )}
    />
  );
}
