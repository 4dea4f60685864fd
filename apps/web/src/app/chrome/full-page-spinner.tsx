import { Spinner } from '@/components/ui/spinner.tsx';

/** Shown while the first page, a language or a reload is on its way. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-neutral-50">
      <Spinner size="lg" />
    </div>
  );
}
