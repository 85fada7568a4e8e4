import { InstantPayoutCard } from '../payouts/InstantPayoutCard';
import { TipRecordCard } from '../payouts/TipRecordCard';
import { StatsTab } from './StatsTab';

/** The 'Statistiken' tab: figures, instant payout and the tipping record (its own chunk). */
export function StatsPanel() {
  return (
    <div className="flex flex-col gap-4">
      <StatsTab />
      <InstantPayoutCard />
      <TipRecordCard />
    </div>
  );
}
