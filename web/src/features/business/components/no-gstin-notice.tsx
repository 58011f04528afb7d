import { Link } from 'react-router';
import { NO_GSTIN_NOTICE } from '#contract';
import { paths } from '#web/config/paths.ts';
import { useBusinessSettings } from '../api/business-settings.ts';

/** The admin's reminder, while the shop has no GSTIN, that no tax invoices are issued (issue 26). */
export function NoGstinNotice() {
  const settings = useBusinessSettings();
  if (settings.data?.gstin !== null) return null;
  return (
    <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {NO_GSTIN_NOTICE}.{' '}
      <Link to={paths.adminSettings()} className="font-semibold underline">
        Set it under Settings
      </Link>
    </p>
  );
}
