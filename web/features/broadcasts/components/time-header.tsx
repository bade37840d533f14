import { zoneName } from "../account-time";

/** A time column's header: its label, and under it the zone its times read in when that is not the browser's. */
export function TimeHeader({ label, timeZone, foreign }: { label: string; timeZone: string; foreign: boolean }) {
  return (
    <span className="inline-flex flex-col">
      <span>{label}</span>
      {foreign && (
        <span className="text-xs font-normal tracking-normal normal-case text-muted-foreground" data-testid="time-zone-label">
          {zoneName(timeZone)}
        </span>
      )}
    </span>
  );
}
