import { Lightbulb } from "lucide-react";

/** A screen's few tips, in a light brand box under a lightbulb. */
export function TipsCard({ title, tips }: { title: string; tips: readonly string[] }) {
  return (
    <section className="rounded-xl border border-brand-100 bg-brand-50 p-5">
      <h2 className="mb-3 flex items-center gap-2 font-semibold text-gray-900">
        <Lightbulb className="h-5 w-5 text-brand-600" aria-hidden />
        {title}
      </h2>
      <ul className="grid gap-2 text-sm text-gray-700 sm:grid-cols-2">
        {tips.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden />
            {tip}
          </li>
        ))}
      </ul>
    </section>
  );
}
