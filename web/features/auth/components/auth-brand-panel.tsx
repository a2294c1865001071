import { Logo } from "@web/components/ui/logo";
import { BarChart3, Link2, type LucideIcon, Palette } from "lucide-react";

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Palette,
    title: "Páginas Link Bio",
    text: "Todos os seus links em uma página com a sua cara: cores, foto e botões personalizados.",
  },
  {
    icon: Link2,
    title: "Links curtos",
    text: "Encurte qualquer URL com códigos personalizados e o seu próprio domínio.",
  },
  {
    icon: BarChart3,
    title: "Análise de cliques",
    text: "Saiba de onde vêm os seus visitantes e quais links trazem mais resultado.",
  },
];

// Only claims the product stands behind, as on the landing page: the redirect time is measured by
// `npm run bench`; the spec's uptime and support-time figures are measured by nothing here.
const STATS = [
  { value: "<100 ms", label: "por redirecionamento" },
  { value: "0", label: "endereços IP guardados" },
  { value: "R$ 0", label: "para começar" },
];

/** The desktop auth screen's left column: what the product does, on the brand colour. */
export function AuthBrandPanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-600 via-brand-700 to-indigo-800 px-12 py-10 text-white lg:flex lg:flex-col xl:px-16">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-32 h-96 w-96 rounded-full bg-white/10 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-40 -left-24 h-96 w-96 rounded-full bg-indigo-400/20 blur-3xl"
      />
      <Logo to="/" inverted className="relative self-start" />
      <div className="relative my-auto max-w-lg py-12">
        <h2 className="text-4xl leading-tight font-bold tracking-tight xl:text-[2.75rem]">
          Um link para tudo o que você cria.
        </h2>
        <p className="mt-4 text-lg text-brand-100">
          Crie sua página Link Bio, encurte URLs e acompanhe cada clique em um só lugar.
        </p>
        <ul className="mt-10 space-y-6">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/20">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <div>
                <p className="font-semibold">{title}</p>
                <p className="mt-0.5 text-sm text-brand-100">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <dl className="relative grid grid-cols-3 gap-6 border-t border-white/15 pt-8">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col">
            <dt className="order-2 text-sm text-brand-100">{stat.label}</dt>
            <dd className="order-1 text-2xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
