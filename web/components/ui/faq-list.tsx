import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

/** Questions as <details>, so they open and close without JavaScript, in one card. */
export function FaqList({
  items,
  className = "",
}: {
  items: { question: string; answer: ReactNode }[];
  className?: string;
}) {
  return (
    <div
      className={`divide-y divide-gray-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200 ${className}`}
    >
      {items.map(({ question, answer }) => (
        <details key={question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-6 [&::-webkit-details-marker]:hidden">
            {question}
            <ChevronDown
              className="h-5 w-5 shrink-0 text-gray-500 transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <p className="px-5 pb-5 leading-relaxed text-gray-600 sm:px-6">{answer}</p>
        </details>
      ))}
    </div>
  );
}
