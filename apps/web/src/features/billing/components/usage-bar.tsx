export interface UsageBarProps {
  label: string;
  used: number;
  limit: number;
  /** The figures as the user reads them ("1.2 GB of 10 GB"). */
  text: string;
  note?: string;
  /** Whether a nearly full bar is a warning (a full quota is; all seats taken is not). */
  warn?: boolean;
}

/** One quota as a labelled progress bar; red from 90 %. */
export function UsageBar({ label, used, limit, text, note, warn = true }: UsageBarProps) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-neutral-800">{label}</span>
        <span className="text-xs text-neutral-600">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-neutral-100"
      >
        <div
          className={warn && percent >= 90 ? 'h-full bg-red-500' : 'h-full bg-primary-600'}
          style={{ width: `${percent}%` }}
        />
      </div>
      {note && <p className="mt-1 text-xs text-neutral-500">{note}</p>}
    </div>
  );
}
