import type { ReactNode } from "react";

const TONES = {
  green: "bg-green-50 text-green-700 ring-green-600/20",
  gray: "bg-gray-100 text-gray-600 ring-gray-500/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
  blue: "bg-blue-50 text-blue-700 ring-blue-600/20",
  violet: "bg-violet-50 text-violet-700 ring-violet-600/20",
  brand: "bg-brand-50 text-brand-700 ring-brand-600/20",
  dark: "bg-gray-900 text-white ring-gray-900",
} as const;
export type BadgeTone = keyof typeof TONES;

/** A small rounded label in one of the panel's tones. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** 'Ativo' in green or 'Inativo' in grey (users and plans). */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? "green" : "gray"}>{active ? "Ativo" : "Inativo"}</Badge>;
}
