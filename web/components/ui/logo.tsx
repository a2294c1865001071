import { Link2 } from "lucide-react";
import { Link } from "react-router";

type LogoProps = {
  to: string;
  /** White mark for coloured backgrounds. */
  inverted?: boolean;
  className?: string;
};

/** The product mark: a chain-link tile and the name, linking to `to`. */
export function Logo({ to, inverted = false, className = "" }: LogoProps) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center gap-2 rounded-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 ${
        inverted ? "text-white focus-visible:outline-white" : "text-gray-900 focus-visible:outline-brand-600"
      } ${className}`}
    >
      <span
        className={`flex h-8 w-8 items-center justify-center rounded-lg shadow-sm ${
          inverted ? "bg-white/15 text-white ring-1 ring-white/25" : "bg-brand-600 text-white"
        }`}
      >
        <Link2 className="h-5 w-5" aria-hidden strokeWidth={2.5} />
      </span>
      <span className="text-xl">Atalho</span>
    </Link>
  );
}
