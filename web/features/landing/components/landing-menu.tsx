import { Menu, X } from "lucide-react";
import { useEffect, useRef } from "react";

export type LandingMenuItem = { href: string; label: string };

/**
 * The landing header's menu below md (an island): a <details>, so it opens without JavaScript; once
 * hydrated it also closes on Escape and outside clicks. Its entries are plain links: each is a page
 * the server renders.
 */
export function LandingMenu({ items }: { items: LandingMenuItem[] }) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const onClick = (event: MouseEvent) => {
      if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  const item =
    "block rounded-lg px-3 py-2.5 text-sm font-semibold text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600";
  return (
    <details ref={ref} className="group relative md:hidden">
      <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <Menu className="h-5 w-5 group-open:hidden" aria-hidden />
        <X className="hidden h-5 w-5 group-open:block" aria-hidden />
        <span className="sr-only">Menu</span>
      </summary>
      <div className="absolute top-12 right-0 w-56 rounded-xl bg-white p-2 shadow-lg ring-1 ring-gray-200">
        {items.map(({ href, label }) => (
          <a key={href} href={href} className={item}>
            {label}
          </a>
        ))}
      </div>
    </details>
  );
}
