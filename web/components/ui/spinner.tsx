/** A spinning ring; inherits the text colour, so it fits inside buttons and on coloured panels. */
export function SpinnerIcon({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden>
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-20" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The page-level loading state (session check, lazy screens), announced to screen readers. */
export function Spinner({ label = "Carregando..." }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <SpinnerIcon className="h-9 w-9 text-brand-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
